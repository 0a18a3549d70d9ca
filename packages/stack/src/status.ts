/** @module status — prints a running stack's URLs and keys like `supabase status` (pretty, env, json). */
import type { StackEnv } from './testing.ts';

export type StatusFormat = 'pretty' | 'env' | 'json';

export function statusEntries(env: StackEnv): [string, string][] {
  return [
    ['API_URL', env.apiUrl],
    ['REST_URL', `${env.apiUrl}/rest/v1`],
    ['GRAPHQL_URL', `${env.apiUrl}/graphql/v1`],
    ['FUNCTIONS_URL', `${env.apiUrl}/functions/v1`],
    ['STORAGE_URL', `${env.apiUrl}/storage/v1`],
    ['DB_URL', env.dbUrl],
    ['INBUCKET_URL', env.inboxUrl],
    ['MAILPIT_URL', env.inboxUrl],
    ['PUBLISHABLE_KEY', env.publishableKey],
    ['SECRET_KEY', env.secretKey],
    ['ANON_KEY', env.anonKey],
    ['SERVICE_ROLE_KEY', env.serviceRoleKey],
    ['JWT_SECRET', env.jwtSecret],
  ];
}

export function formatStatus(env: StackEnv, format: StatusFormat = 'pretty'): string {
  const entries = statusEntries(env);
  if (format === 'env') return entries.map(([k, v]) => `${k}="${v}"`).join('\n');
  if (format === 'json') return JSON.stringify(Object.fromEntries(entries), null, 2);
  const width = Math.max(...entries.map(([k]) => k.length));
  return entries.map(([k, v]) => `${k.replaceAll('_', ' ').toLowerCase().padStart(width)}: ${v}`).join('\n');
}
