/**
 * @module features/task-panel/panel-live — the panel's browser-side Supabase code (its task channel), loaded
 * with `import()` once the panel is on screen, so it never weighs on the board's first paint.
 */
import { subscribeTask, type TaskEvent } from '@lanes/data/realtime/subscribe-task';
import type { PublicEnv } from '../../lib/public-env.ts';
import { getBrowserClient } from '../../lib/supabase.client.ts';

export async function connectTask(env: PublicEnv, taskId: string, onEvent: (event: TaskEvent) => void) {
  const client = getBrowserClient(env);
  // A panel open from the first paint joins before the client has read its session from the cookies; the
  // join must carry the user's token, or row-level security (rightly) lets no row through.
  const { data } = await client.auth.getSession();
  if (data.session) await client.realtime.setAuth(data.session.access_token);
  return subscribeTask(client, { taskId }, onEvent);
}
