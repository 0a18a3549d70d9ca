/**
 * @module rest/schema/config — PostgREST's in-database configuration: `pgrst.*` settings of the
 * authenticator role (`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`), read with
 * the schema cache so a `NOTIFY pgrst, 'reload schema'` after changing them takes effect.
 */
import type { DbConfig } from './types.ts';

/** The role PostgREST logs in as; only its settings configure the API. */
export const AUTHENTICATOR = 'authenticator';

const truthy = (v: string) => /^(true|on|yes|1)$/i.test(v.trim());

/**
 * Reads the settings rows (database-wide first, then this database's, which win).
 *
 * @example dbConfig([{ role: 'authenticator', config: ['pgrst.db_aggregates_enabled=true'] }])
 *   // → { aggregatesEnabled: true, planEnabled: false }
 */
export function dbConfig(rows: { role: string; config: string[] | null }[]): DbConfig {
  const out: DbConfig = { aggregatesEnabled: false, planEnabled: false };
  for (const { role, config } of rows) {
    if (role !== AUTHENTICATOR) continue;
    for (const entry of config ?? []) {
      const i = entry.indexOf('=');
      const name = entry.slice(0, i);
      const value = entry.slice(i + 1);
      if (name === 'pgrst.db_aggregates_enabled') out.aggregatesEnabled = truthy(value);
      else if (name === 'pgrst.db_plan_enabled') out.planEnabled = truthy(value);
      else if (name === 'pgrst.db_max_rows') out.maxRows = /^\d+$/.test(value.trim()) ? Number(value) : null;
    }
  }
  return out;
}
