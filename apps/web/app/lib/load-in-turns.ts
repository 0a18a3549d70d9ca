/**
 * @module lib/load-in-turns — a live connection's browser code, loaded and started in turns. Loaded in one go,
 * supabase-js, zod, the row schemas and the data operations were evaluated in a single task, and building the
 * client and joining the channel made one more; on Lighthouse's phone (4x CPU slowdown) each was a long task,
 * just as the page had become interactive, and a tap waited for them (timed in decision 149).
 */
import type { PublicEnv } from './public-env.ts';

/** Resolves in a later task (a zero-delay timer), after the browser has had a turn. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * `load()`'s module, each step in a task of its own: supabase-js evaluated, the tab's client built (it decodes
 * the session from the cookies), the module and what it imports evaluated, then the caller's next step.
 * @example const live = await loadInTurns(env, () => import('./board-live.ts'));
 */
export async function loadInTurns<T>(env: PublicEnv, load: () => Promise<T>): Promise<T> {
  // Not zod on a turn of its own as well (tried in decision 149's update): its evaluation alone is still one
  // long task at 4x, and fetching its chunk first put one more round trip before the board was live.
  const { getBrowserClient } = await import('./supabase.client.ts');
  await nextTask();
  getBrowserClient(env);
  await nextTask();
  const module = await load();
  await nextTask();
  return module;
}
