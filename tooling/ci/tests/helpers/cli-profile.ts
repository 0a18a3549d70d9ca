/**
 * @module cli-profile — a Supabase CLI profile (`--profile <file>`) whose Management API is a local stack
 * started with `managementApi` (its project ref and token), so `functions deploy` and `secrets set` reach it instead of supabase.com.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function writeCliProfile(dir: string, apiUrl: string): string {
  const file = join(dir, 'cli-profile.yaml');
  writeFileSync(
    file,
    `name: rehearsal\napi_url: ${apiUrl}\ndashboard_url: ${apiUrl}\nproject_host: localhost\n`,
  );
  return file;
}
