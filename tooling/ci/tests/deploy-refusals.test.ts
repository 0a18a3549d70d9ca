/** What `pnpm deploy:backend` refuses before it touches anything: no target, missing secrets, bad values. */
import { describe, expect, it } from 'vitest';
import { runDeploy } from './helpers/run-deploy.ts';

describe('pnpm deploy:backend refuses early', () => {
  it('without credentials or --db-url, naming what to set (empty counts as unset, as GitHub passes it)', async () => {
    const run = await runDeploy([], {
      SUPABASE_ACCESS_TOKEN: '',
      SUPABASE_DB_PASSWORD: '',
      LANES_SITE_URL: '',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Set SUPABASE_ACCESS_TOKEN, SUPABASE_DB_PASSWORD, SUPABASE_PROJECT_ID');
    expect(run.stdout).toBe('');
  });

  it('without the functions’ secrets when it would deploy functions', async () => {
    const run = await runDeploy([], {
      SUPABASE_ACCESS_TOKEN: `sbp_${'0'.repeat(40)}`,
      SUPABASE_DB_PASSWORD: 'a-database-password',
      SUPABASE_PROJECT_ID: 'abcdefghijklmnopqrst',
      LANES_SITE_URL: 'https://lanes.example',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Set the functions' secrets LANES_EMAIL_API_URL, LANES_EMAIL_FROM");
  });

  it('without the service role key Vault needs when it would deploy to a project', async () => {
    const run = await runDeploy([], {
      SUPABASE_ACCESS_TOKEN: `sbp_${'0'.repeat(40)}`,
      SUPABASE_DB_PASSWORD: 'a-database-password',
      SUPABASE_PROJECT_ID: 'abcdefghijklmnopqrst',
      LANES_SITE_URL: 'https://lanes.example',
      LANES_EMAIL_API_URL: 'https://relay.lanes.example/api/v1/send',
      LANES_EMAIL_FROM: 'no-reply@lanes.example',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Set SUPABASE_SERVICE_ROLE_KEY: the database calls its functions with them');
    expect(run.stdout).toBe('');
  });

  it('with an invalid value, naming the variable but not echoing it', async () => {
    const run = await runDeploy([], { SUPABASE_PROJECT_ID: 'Not-A-Ref-secretish' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SUPABASE_PROJECT_ID: a project ref is 20 lowercase letters');
    expect(run.stderr).not.toContain('Not-A-Ref-secretish');
  });
});
