import { describe, expect, it } from 'vitest';
import type { Task } from './board-model.ts';
import { isFiltering, matchesFilter, NO_FILTER, readFilter } from './filters.ts';

const ALICE = '00000000-0000-4000-8000-0000000000a1';
const LABEL = '00000000-0000-4000-8000-0000000000b1';
const card: Task = {
  id: '00000000-0000-4000-8000-000000000001',
  columnId: '00000000-0000-4000-8000-000000000002',
  number: 12,
  title: 'Écrire the launch announcement',
  position: 'V',
  assigneeId: ALICE,
  dueOn: null,
  priority: 'high',
  labelIds: [LABEL],
  updatedAt: '2026-11-21T10:00:00Z',
};

describe('matchesFilter', () => {
  it('matches every word of the text in the title, ignoring case and accents, or the #number', () => {
    expect(matchesFilter(card, { ...NO_FILTER, text: 'launch ecrire' })).toBe(true);
    expect(matchesFilter(card, { ...NO_FILTER, text: 'launch party' })).toBe(false);
    expect(matchesFilter(card, { ...NO_FILTER, text: '#12' })).toBe(true);
    expect(matchesFilter(card, { ...NO_FILTER, text: '13' })).toBe(false);
  });

  it('filters by assignee (or nobody) and by label', () => {
    expect(matchesFilter(card, { ...NO_FILTER, assignee: ALICE })).toBe(true);
    expect(matchesFilter(card, { ...NO_FILTER, assignee: 'none' })).toBe(false);
    expect(matchesFilter({ ...card, assigneeId: null }, { ...NO_FILTER, assignee: 'none' })).toBe(true);
    expect(matchesFilter(card, { ...NO_FILTER, label: LABEL })).toBe(true);
    expect(matchesFilter({ ...card, labelIds: [] }, { ...NO_FILTER, label: LABEL })).toBe(false);
  });

  it('reads the filter from the query string', () => {
    const filter = readFilter(new URLSearchParams('q=launch&label=x'));
    expect(filter).toEqual({ text: 'launch', assignee: '', label: 'x' });
    expect(isFiltering(filter)).toBe(true);
    expect(isFiltering(NO_FILTER)).toBe(false);
  });
});
