import type { ChecklistItemRow } from '@lanes/shared/schemas/checklist';
import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity-list.tsx';
import { doneCount, groupChecklists, moveInList, withTick } from './checklist-model.ts';

const item = (
  id: string,
  checklist: string,
  position: string,
  created: number,
  done = false,
): ChecklistItemRow => ({
  id,
  task_id: 't',
  checklist,
  body: `Item ${id}`,
  done,
  position,
  created_by: null,
  created_at: `2026-11-26T10:00:0${created}+00:00`,
  updated_at: `2026-11-26T10:00:0${created}+00:00`,
});

describe('groupChecklists', () => {
  it('groups by name in position order, the oldest checklist first, with its done count', () => {
    const groups = groupChecklists([
      item('a', 'Launch', 'V', 3),
      item('b', 'Checklist', 'V', 1, true),
      item('c', 'Launch', 'W', 4, true),
      item('d', 'Checklist', 'W', 2),
    ]);
    expect(groups.map((g) => [g.name, g.items.map((i) => i.id), g.done])).toEqual([
      ['Checklist', ['b', 'd'], 1],
      ['Launch', ['a', 'c'], 1],
    ]);
  });
});

describe('moveInList', () => {
  it('names the neighbours the item lands between', () => {
    expect(moveInList(['a', 'b', 'c'], 'c', 0)).toEqual({
      order: ['c', 'a', 'b'],
      beforeId: null,
      afterId: 'a',
    });
    expect(moveInList(['a', 'b', 'c'], 'a', 1)).toEqual({
      order: ['b', 'a', 'c'],
      beforeId: 'b',
      afterId: 'c',
    });
    expect(moveInList(['a', 'b', 'c'], 'a', 9)).toEqual({
      order: ['b', 'c', 'a'],
      beforeId: 'c',
      afterId: null,
    });
  });
});

describe('checklist activity in plain words', () => {
  it('says what was added to which checklist, and what was checked off', () => {
    expect(
      describeActivity({ kind: 'checklist_item_added', data: { body: 'Ship', checklist: 'Checklist' } }, {}),
    ).toBe('added “Ship” to the checklist');
    expect(
      describeActivity({ kind: 'checklist_item_added', data: { body: 'Tweet', checklist: 'Launch' } }, {}),
    ).toBe('added “Tweet” to the Launch checklist');
    expect(describeActivity({ kind: 'checklist_item_checked', data: { body: 'Ship' } }, {})).toBe(
      'checked off “Ship”',
    );
  });
});

describe('doneCount', () => {
  it('counts each tick on its way as the item shows it, and the same map back when nothing changes', () => {
    const items = [item('a', 'L', 'V', 1, true), item('b', 'L', 'W', 2), item('c', 'L', 'X', 3)];
    const none = new Map<string, boolean>();
    expect(doneCount(items, none)).toBe(1);
    const ticked = withTick(none, 'b', true);
    expect(doneCount(items, ticked)).toBe(2);
    expect(doneCount(items, withTick(ticked, 'a', false))).toBe(1);
    expect(withTick(ticked, 'b', true)).toBe(ticked);
    expect(withTick(none, 'b', null)).toBe(none);
    expect(doneCount(items, withTick(ticked, 'b', null))).toBe(1);
  });
});
