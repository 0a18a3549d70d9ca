#!/usr/bin/env node
/**
 * @module local-vault — `pnpm vault:local` (run by `pnpm dev` after the stack starts): puts the running local
 * stack's API URL and service role key into its Vault as `project_url` and `service_role_key`, so its pg_cron
 * jobs reach the functions through pg_net, as `pnpm deploy:backend` does on hosted (decision 075). Reads the
 * stack's own `status -o json`: whatever ports it runs on (its options, e.g. `--data-dir`, are passed on).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { upsertVaultSecrets } from './deploy/vault.ts';

const cli = fileURLToPath(new URL('../../../packages/stack/src/cli.ts', import.meta.url));
let output: string;
try {
  output = execFileSync(process.execPath, [cli, 'status', ...process.argv.slice(2), '-o', 'json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
} catch {
  // The stack said why (not running): nothing to add but the exit code.
  process.exit(1);
}
const status = JSON.parse(output) as { API_URL: string; DB_URL: string; SERVICE_ROLE_KEY: string };
await upsertVaultSecrets(status.DB_URL, {
  project_url: status.API_URL,
  service_role_key: status.SERVICE_ROLE_KEY,
});
console.log(`Vault: project_url (${status.API_URL}) and service_role_key set.`);
