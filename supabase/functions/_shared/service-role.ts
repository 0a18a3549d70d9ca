/** @module _shared/service-role — refuses any caller but the project's own service role key. */
import { LanesError } from '@lanes/shared/errors.ts';
import { env } from './env.ts';

/**
 * The gateway has checked the JWT's signature (verify_jwt); the key must also be the very one this project
 * gives its functions (compared in constant time), so a user's token is refused.
 */
export function requireServiceRole(req: Request): void {
  const token = (req.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '');
  const a = new TextEncoder().encode(token);
  const b = new TextEncoder().encode(env().SUPABASE_SERVICE_ROLE_KEY);
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) diff |= a[i]! ^ b[i]!;
  if (diff !== 0) throw new LanesError('FORBIDDEN', { message: 'Only the service role runs this.' });
}
