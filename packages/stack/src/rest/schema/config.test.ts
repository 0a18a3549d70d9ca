import { describe, expect, it } from 'vitest';
import { dbConfig } from './config.ts';

describe('dbConfig', () => {
  it('reads the authenticator role only, this database winning over all databases', () => {
    const config = dbConfig([
      { role: 'anon', config: ['pgrst.db_aggregates_enabled=true'] },
      {
        role: 'authenticator',
        config: ['pgrst.db_aggregates_enabled=true', 'pgrst.db_max_rows=10', 'statement_timeout=8s'],
      },
      { role: 'authenticator', config: ['pgrst.db_plan_enabled=on', 'pgrst.db_max_rows=20'] },
    ]);
    expect(config).toEqual({ aggregatesEnabled: true, planEnabled: true, maxRows: 20 });
  });

  it('defaults to PostgREST defaults: aggregates and plans off, max rows from config.toml', () => {
    expect(dbConfig([])).toEqual({ aggregatesEnabled: false, planEnabled: false });
    expect(dbConfig([{ role: 'authenticator', config: ['pgrst.db_aggregates_enabled=false'] }])).toEqual({
      aggregatesEnabled: false,
      planEnabled: false,
    });
  });
});
