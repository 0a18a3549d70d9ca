/**
 * The migrated template (decision 175): a project's second cold start on this machine copies the cluster
 * the CLI migrated and seeded once, with the Vault key its secrets were encrypted with; what the CLI
 * reads changing (a migration, a `env(...)` value of config.toml) means the CLI runs again.
 */
import { randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { RunningStack } from '../src/index.ts';
import { projectKey } from '../src/postgres/project-template.ts';
import { TEMPLATES_ROOT } from '../src/postgres/template.ts';
import { startTestStack } from '../src/testing.ts';

const fixture = fileURLToPath(new URL('./fixtures/vault-project', import.meta.url));
const TOKEN = `token-${randomUUID()}`;
const PROBE = `probe-${randomUUID()}`;
const SEED = `seed-${randomUUID()}`;
let root: string;
let workdir: string;
const keys = new Set<string>();

/** The migrated template of the project as it is now (its key noted for clean-up). */
function template(): string {
  const key = projectKey(loadConfig(workdir), true);
  if (!key) throw new Error('the project has no template key');
  keys.add(key);
  return join(TEMPLATES_ROOT, `project-${key}`);
}

/** Starts a stack on a data dir that does not exist yet, runs `check` on its database, and stops it. */
async function coldStart(name: string, check: (stack: RunningStack) => Promise<void>): Promise<void> {
  const dataDir = join(root, name);
  const stack = await startTestStack({ workdir, dataDir });
  try {
    await check(stack);
  } finally {
    await stack.stop();
  }
}

async function query<T extends object>(stack: RunningStack, text: string): Promise<T[]> {
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  try {
    return (await sql.unsafe(text)) as unknown as T[];
  } finally {
    await sql.end();
  }
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'stack-project-template-'));
  workdir = join(root, 'project');
  cpSync(fixture, workdir, { recursive: true });
  // A migration no other run has: this test's project is new to the machine.
  writeFileSync(
    join(workdir, 'supabase', 'migrations', '20261126100000_template_probe.sql'),
    `select vault.create_secret('${PROBE}', 'template_probe');\n`,
  );
  writeFileSync(
    join(workdir, 'supabase', 'seed.sql'),
    `insert into public.background_writes (id) values ('${SEED}');\n`,
  );
  process.env.STACK_VAULT_FIXTURE_TOKEN = TOKEN;
});

afterAll(() => {
  delete process.env.STACK_VAULT_FIXTURE_TOKEN;
  for (const key of keys) {
    rmSync(join(TEMPLATES_ROOT, `project-${key}`), { recursive: true, force: true });
    rmSync(join(TEMPLATES_ROOT, `project-${key}.seen`), { force: true });
  }
  rmSync(root, { recursive: true, force: true });
});

/** What every cold start of this project must find, whichever way its cluster was made. */
async function expectMigratedAndSeeded(stack: RunningStack): Promise<void> {
  const versions = await query<{ version: string }>(
    stack,
    'select version from supabase_migrations.schema_migrations order by version',
  );
  expect(versions.map((v) => v.version)).toEqual(['20261126000000', '20261126100000']);
  expect(await query(stack, 'select id from public.background_writes')).toEqual([{ id: SEED }]);
  expect(
    await query(
      stack,
      `select name, decrypted_secret from vault.decrypted_secrets
       where name in ('template_probe', 'fixture_api_token') order by name`,
    ),
  ).toEqual([
    { name: 'fixture_api_token', decrypted_secret: TOKEN },
    { name: 'template_probe', decrypted_secret: PROBE },
  ]);
}

it('copies the migrated cluster from the second cold start on, with its Vault key', async () => {
  const cached = template();
  await coldStart('first', expectMigratedAndSeeded);
  // The first start only notes the project; a one-off project costs no template.
  expect(existsSync(`${cached}.seen`)).toBe(true);
  expect(existsSync(cached)).toBe(false);
  await coldStart('second', expectMigratedAndSeeded);
  expect(existsSync(join(cached, 'db', 'PG_VERSION'))).toBe(true);
  await coldStart('third', async (stack) => {
    await expectMigratedAndSeeded(stack);
    // Secrets are readable because the copy got the key they were encrypted with.
    expect(readFileSync(join(root, 'third', 'keys', 'vault.key'), 'utf8')).toBe(
      readFileSync(join(cached, 'keys', 'vault.key'), 'utf8'),
    );
  });
}, 180_000);

it('runs the CLI again when a migration or a config env value changes', async () => {
  const before = template();
  writeFileSync(
    join(workdir, 'supabase', 'migrations', '20261126110000_after_change.sql'),
    'create table public.after_change (id int primary key);\nalter table public.after_change enable row level security;\n',
  );
  const changed = template();
  expect(changed).not.toBe(before);
  await coldStart('changed', async (stack) => {
    expect(await query(stack, "select to_regclass('public.after_change') is not null as made")).toEqual([
      { made: true },
    ]);
  });
  expect(existsSync(changed)).toBe(false);
  // `[db.vault] fixture_api_token = "env(STACK_VAULT_FIXTURE_TOKEN)"`: another value is another project.
  process.env.STACK_VAULT_FIXTURE_TOKEN = `${TOKEN}-other`;
  expect(template()).not.toBe(changed);
}, 180_000);

it('reads a linked migrations folder through, as the CLI does', () => {
  const linked = join(root, 'linked');
  const migrations = join(root, 'shared-migrations');
  mkdirSync(join(linked, 'supabase'), { recursive: true });
  mkdirSync(migrations);
  cpSync(join(workdir, 'supabase', 'config.toml'), join(linked, 'supabase', 'config.toml'));
  symlinkSync(migrations, join(linked, 'supabase', 'migrations'));
  const key = () => projectKey(loadConfig(linked), true);
  writeFileSync(join(migrations, '20261126000000_a.sql'), 'select 1;\n');
  const before = key();
  writeFileSync(join(migrations, '20261126000000_a.sql'), 'select 2;\n');
  expect(before).toBeDefined();
  expect(key()).not.toBe(before);
});
