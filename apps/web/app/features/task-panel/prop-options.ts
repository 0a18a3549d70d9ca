/**
 * @module features/task-panel/prop-options — what the property sidebar offers and shows (decision 200): the
 * words for a priority, who may be assigned, the board's columns in order, and how a due date reads. Shared by
 * the plain forms (no JavaScript) and the pickers, so both offer the same choices.
 */
import { PRIORITIES, type Priority } from '@lanes/shared/constants';
import { formatDay } from '#app/lib/time-format.ts';
import type { Person } from './panel-model.ts';

export interface Option {
  id: string;
  name: string;
}

/** A key for "nobody" or "no date": a picker's keys cannot be empty strings. */
export const NONE = 'none';

export const priorityName = (p: string) => (p === 'none' ? 'No priority' : p[0]!.toUpperCase() + p.slice(1));

export const PRIORITY_OPTIONS: Option[] = PRIORITIES.map((p: Priority) => ({ id: p, name: priorityName(p) }));

/** Members and admins can be assigned; a viewer only stays on the list while they hold the task. */
export function assignable(people: Person[], current: string | null): Option[] {
  return people
    .filter((p) => p.role !== 'viewer' || p.id === current)
    .map((p) => ({ id: p.id, name: p.name }));
}

/** The board's columns in its order (the board hands them over by id, in order). */
export const columnOptions = (names: Record<string, string>): Option[] =>
  Object.entries(names).map(([id, name]) => ({ id, name }));

/** A due date as a person reads it ("May 17, 2030"), the same on the server and in every browser. */
export const dueName = (day: string | null) => (day ? formatDay(day, 'en-US', '') : 'No due date');
