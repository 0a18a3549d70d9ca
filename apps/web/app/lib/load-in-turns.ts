/**
 * @module lib/load-in-turns — a live connection's browser code, evaluated in turns. Loaded in one go,
 * supabase-js, zod, the row schemas and the data operations were evaluated in a single task, and building the
 * client and joining the channel made one more; on Lighthouse's phone (4x CPU slowdown) each ran well over
 * 100 ms, just as the page had become interactive, and a tap waited for them (decision 149).
 */

/** Resolves in a later task (a zero-delay timer), after the browser has had a turn. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * `load()`'s module, with supabase-js evaluated beforehand in a task of its own.
 * @example const live = await loadInTurns(() => import('./board-live.ts'));
 */
export async function loadInTurns<T>(load: () => Promise<T>): Promise<T> {
  // Not zod on its own turn as well: the only way in is a namespace import (of zod, or of a schema module),
  // and that split rolldown's runtime helpers into a chunk of their own on the first paint, past its budget.
  await import('./supabase.client.ts');
  await nextTask();
  return load();
}
