/**
 * @module features/task-panel/panel-live — the panel's browser-side Supabase code (its task channel), loaded
 * with `import()` once the panel is on screen, so it never weighs on the board's first paint.
 */
import { subscribeTask, type TaskEvent } from '@lanes/data/realtime/subscribe-task';
import type { PublicEnv } from '#app/lib/public-env.ts';
import { getRealtimeClient } from '#app/lib/supabase.client.ts';

export async function connectTask(env: PublicEnv, taskId: string, onEvent: (event: TaskEvent) => void) {
  return subscribeTask(await getRealtimeClient(env), { taskId }, onEvent);
}
