/**
 * @module features/board/sync/board-write-names — the board writes that go through the write queue, by name, so a
 * waiting write can be kept in the journal as plain JSON (its name and its one argument) and sent again later.
 */
import type { BoardWrites } from './board-live.ts';
import type { Outcome } from './write-queue.ts';

/** The board writes that go through the queue (and may be kept in the journal): each takes one argument. */
export const WRITE_NAMES = [
  'moveTask',
  'moveColumn',
  'createTask',
  'createColumn',
  'updateColumn',
  'deleteColumn',
  'createLabel',
  'updateLabel',
  'deleteLabel',
  'setTaskLabels',
  'archiveTask',
  'moveTaskToBoard',
  'updateTask',
  'addComment',
  'updateChecklistItem',
  'deleteChecklistItem',
  'completeTask',
  'deleteTask',
  'setTaskWatch',
  'editComment',
  'deleteComment',
  'addChecklistItem',
  'moveChecklistItem',
  'checklistItemToTask',
] as const satisfies readonly (keyof BoardWrites)[];
export type WriteName = (typeof WRITE_NAMES)[number];
export type Input<N extends WriteName> = Parameters<BoardWrites[N]>[0];
export type Value<N extends WriteName> =
  Awaited<ReturnType<BoardWrites[N]>> extends Outcome<infer T> ? T : never;
/**
 * Deletes: sent again after a lost answer (or after a teammate was quicker), they find nothing, and that is
 * what they asked for (decisions 121, 202).
 */
export const GONE_IS_DONE: readonly WriteName[] = [
  'deleteColumn',
  'deleteLabel',
  'deleteChecklistItem',
  'deleteTask',
  'deleteComment',
];

export const isWriteName = (name: string): name is WriteName =>
  (WRITE_NAMES as readonly string[]).includes(name);

/** What the inline add sends: the client names the task (decision 120). */
export type NewTask = { id: string; boardId: string; columnId: string; title: string };
