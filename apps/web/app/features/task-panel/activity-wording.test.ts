import { describe, expect, test } from 'vitest';
import { describeActivity } from './activity-wording.ts';

const say = (kind: string, data: Record<string, unknown> = {}) =>
  describeActivity({ kind, data }, {}, '2026-11-26');

describe('describeActivity: every change in plain words', () => {
  test('title, shortened when long', () => {
    expect(say('task_renamed', { from: 'Old', to: 'New' })).toBe('renamed this from “Old” to “New”');
    const long = `${'word '.repeat(20)}end`;
    const words = say('task_renamed', { from: 'Short', to: long });
    expect(words).toMatch(/^renamed this from “Short” to “word word .*…”$/);
    expect(words.length).toBeLessThan(90);
  });

  test('description, assignee, priority', () => {
    expect(say('description_edited')).toBe('edited the description');
    expect(say('assignee_changed', { from: null, to: 'id', to_name: 'Bob Admin' })).toBe(
      'assigned it to Bob Admin',
    );
    expect(say('assignee_changed', { from: 'id', to: null, to_name: null })).toBe('unassigned it');
    expect(say('priority_changed', { from: 'none', to: 'high' })).toBe('set the priority to High');
    expect(say('priority_changed', { from: 'low', to: 'none' })).toBe('cleared the priority');
  });

  test('due dates: set, changed, cleared; the year only outside this one', () => {
    expect(say('due_date_changed', { from: null, to: '2026-12-03' })).toBe('set the due date to Dec 3');
    expect(say('due_date_changed', { from: '2026-12-03', to: '2027-01-05' })).toBe(
      'changed the due date from Dec 3 to Jan 5, 2027',
    );
    expect(say('due_date_changed', { from: '2026-12-03', to: null })).toBe('cleared the due date');
  });

  test('a move to another board names both boards and the new number', () => {
    const data = {
      from_board_name: 'Launch',
      to_board_name: 'Release',
      to_column_name: 'Backlog',
      from_number: 3,
      to_number: 1,
    };
    expect(say('task_moved', data)).toBe('moved it from board “Launch” (#3) to “Release”, Backlog, as #1');
    expect(say('task_moved', { from_board_name: 'Launch', to_board_name: 'Release' })).toBe(
      'moved it from board “Launch” to “Release”',
    );
  });

  test('labels and checklist items', () => {
    expect(say('label_added', { name: 'Design' })).toBe('added label Design');
    expect(say('label_removed', { name: 'Design' })).toBe('removed label Design');
    expect(say('checklist_item_unchecked', { body: 'Ship' })).toBe('unchecked “Ship”');
    expect(say('checklist_item_renamed', { from: 'Ship', to: 'Ship it' })).toBe(
      'reworded “Ship” to “Ship it”',
    );
    expect(say('checklist_item_removed', { body: 'Ship', checklist: 'Launch' })).toBe(
      'removed “Ship” from the Launch checklist',
    );
  });

  test('rows with missing or odd data still read as a sentence', () => {
    expect(say('task_renamed')).toBe('renamed this');
    expect(say('due_date_changed', { to: 'soon' })).toBe('cleared the due date');
    expect(say('label_added')).toBe('added a label');
    expect(say('something_new')).toBe('something new');
  });
});
