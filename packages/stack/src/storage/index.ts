/**
 * @module storage — placeholder until the service lands; answers 501 so a client sees a clear refusal.
 */
import type { Service, StackContext } from '../context.ts';

export function build(_stack: StackContext): Service {
  return {
    fetch: async () =>
      new Response(JSON.stringify({ message: 'storage is not implemented yet' }), {
        status: 501,
        headers: { 'content-type': 'application/json' },
      }),
  };
}
