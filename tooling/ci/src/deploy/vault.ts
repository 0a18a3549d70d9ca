/**
 * @module deploy/vault — the Vault secrets the database calls its own functions with (pg_cron → pg_net →
 * `send-notifications`, decision 075; attachment files, decision 076): `project_url` and `service_role_key`,
 * Supabase's convention. Never in a migration: the deploy writes them after `db push`, as bound parameters
 * over its own database connection, so they appear in no command line and no log.
 */
import postgres from 'postgres';
import type { DeployEnv } from './env.ts';

export type VaultSecrets = { project_url: string; service_role_key: string };

/**
 * The values from the environment: `LANES_PROJECT_URL` (default `https://<ref>.supabase.co` when deploying to a
 * project) and `SUPABASE_SERVICE_ROLE_KEY`; `missing` names the variables to set.
 */
export function vaultSecrets(
  env: DeployEnv,
  projectRef: string | undefined,
): { values?: VaultSecrets; missing: string[] } {
  const url = env.LANES_PROJECT_URL ?? (projectRef ? `https://${projectRef}.supabase.co` : undefined);
  const key = env.SUPABASE_SERVICE_ROLE_KEY;
  const missing = [...(url ? [] : ['LANES_PROJECT_URL']), ...(key ? [] : ['SUPABASE_SERVICE_ROLE_KEY'])];
  return url && key ? { values: { project_url: url, service_role_key: key }, missing } : { missing };
}

/** Creates or replaces each secret by name (Vault's names are unique). */
export async function upsertVaultSecrets(dbUrl: string, values: VaultSecrets): Promise<void> {
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      for (const [name, value] of Object.entries(values)) {
        const [existing] = await tx<{ id: string }[]>`select id from vault.secrets where name = ${name}`;
        if (existing) await tx`select vault.update_secret(${existing.id}::uuid, ${value})`;
        else await tx`select vault.create_secret(${value}, ${name})`;
      }
    });
  } finally {
    await sql.end();
  }
}
