/**
 * Vault as the stack emulates supabase_vault (decision 172), on a stack of its own over
 * tests/fixtures/vault-project: present from the start, secrets encrypted at rest with a key that is not in
 * the database, Vault's grants for postgres and service_role and nothing for anon and authenticated (SQL
 * and REST), `[db.vault]` upserted by the CLI, and everything back after a restart.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  chownSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import postgres, { type Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/index.ts';
import { startTestStack } from '../src/testing.ts';
import { signHs256 } from './helpers/jwt.ts';

const fixture = fileURLToPath(new URL('./fixtures/vault-project', import.meta.url));
const TOKEN = `token-${randomUUID()}`;
let workdir: string;
let dataDir: string;
let stack: RunningStack;
let sql: Sql;

const start = () => startTestStack({ workdir, dataDir });
// Unprepared statements: a prepared one keeps the name lookup of the role that prepared it.
const connect = () => postgres(stack.dbUrl, { max: 2, prepare: false, onnotice: () => {} });

/** Runs `query` as `role` (with a user's claims for authenticated), in a transaction rolled back after. */
async function as<T>(role: string, query: (tx: Sql) => Promise<T>): Promise<T> {
  let result: T | undefined;
  const rollback = new Error('rollback');
  await sql
    .begin(async (tx) => {
      await tx.unsafe(`set local role ${role}`);
      if (role === 'authenticated') {
        await tx`select set_config('request.jwt.claims', ${JSON.stringify({ sub: randomUUID(), role })}, true)`;
      }
      result = await query(tx as unknown as Sql);
      throw rollback;
    })
    .catch((error) => {
      if (error !== rollback) throw error;
    });
  return result as T;
}

const vaultKey = () => readFileSync(join(dataDir, 'keys', 'vault.key'), 'utf8').trim();

beforeAll(async () => {
  workdir = mkdtempSync(join(tmpdir(), 'stack-vault-'));
  cpSync(fixture, workdir, { recursive: true });
  dataDir = join(workdir, '.stack');
  // What [db.vault] fixture_api_token = "env(STACK_VAULT_FIXTURE_TOKEN)" resolves to (read by the CLI).
  process.env.STACK_VAULT_FIXTURE_TOKEN = TOKEN;
  stack = await start();
  sql = connect();
});

afterAll(async () => {
  await sql?.end();
  await stack?.stop();
  delete process.env.STACK_VAULT_FIXTURE_TOKEN;
  rmSync(workdir, { recursive: true, force: true });
});

describe('present from the start', () => {
  it('is the supabase_vault extension 0.3.1 in schema vault, owned by supabase_admin', async () => {
    const rows = await sql`
      select e.extversion, n.nspname, e.extowner::regrole::text as owner
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'supabase_vault'`;
    expect(rows).toEqual([{ extversion: '0.3.1', nspname: 'vault', owner: 'supabase_admin' }]);
  });

  it("lets a migration's `create extension if not exists supabase_vault` apply", async () => {
    const rows = await sql`select version from supabase_migrations.schema_migrations`;
    expect(rows.map((r) => r.version)).toContain('20261126000000');
  });

  it('holds the [db.vault] secret the CLI upserted, with its env() value', async () => {
    const rows = await sql`
      select decrypted_secret from vault.decrypted_secrets where name = 'fixture_api_token'`;
    expect(rows).toEqual([{ decrypted_secret: TOKEN }]);
  });
});

describe('secrets', () => {
  it('create_secret stores a secret that decrypted_secrets reads back; update_secret changes it', async () => {
    const name = `api-${randomUUID()}`;
    const [created] = await sql`select vault.create_secret('s3kre3t one', ${name}, 'the first') as id`;
    const id = created!.id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [before] = await sql`select * from vault.decrypted_secrets where id = ${id}`;
    expect(before).toMatchObject({
      name,
      description: 'the first',
      decrypted_secret: 's3kre3t one',
      key_id: null,
    });

    await sql`select vault.update_secret(${id}, 's3kre3t two', ${`${name}-renamed`}, 'the second')`;
    const [after] = await sql`select * from vault.decrypted_secrets where id = ${id}`;
    expect(after).toMatchObject({
      name: `${name}-renamed`,
      description: 'the second',
      decrypted_secret: 's3kre3t two',
    });
    expect(after!.updated_at.getTime()).toBeGreaterThanOrEqual(before!.updated_at.getTime());

    // Arguments left null keep what is there, as in the real update_secret.
    await sql`select vault.update_secret(${id}, new_description => 'only this')`;
    const [kept] =
      await sql`select name, decrypted_secret, description from vault.decrypted_secrets where id = ${id}`;
    expect(kept).toEqual({
      name: `${name}-renamed`,
      decrypted_secret: 's3kre3t two',
      description: 'only this',
    });
  });

  it('refuses a second secret with the same name and stores nothing', async () => {
    const name = `unique-${randomUUID()}`;
    await sql`select vault.create_secret('first', ${name})`;
    await expect(sql`select vault.create_secret('second', ${name})`).rejects.toMatchObject({ code: '23505' });
    const rows = await sql`select decrypted_secret from vault.decrypted_secrets where name = ${name}`;
    expect(rows).toEqual([{ decrypted_secret: 'first' }]);
  });

  it('keeps only ciphertext in vault.secrets and in the cluster files', async () => {
    const plain = `plain-text-${randomUUID()}`;
    const [a] = await sql`select vault.create_secret(${plain}) as id`;
    const [b] = await sql`select vault.create_secret(${plain}) as id`;
    const rows = await sql`select id, secret, nonce from vault.secrets where id in (${a!.id}, ${b!.id})`;
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.secret).not.toContain(plain);
      expect(Buffer.from(row.secret, 'base64').length).toBeGreaterThanOrEqual(32);
      expect(row.nonce).toHaveLength(16);
    }
    // Same plain text, different rows: different ciphertexts.
    expect(rows[0]!.secret).not.toBe(rows[1]!.secret);

    await sql`checkpoint`;
    const needle = Buffer.from(plain);
    const found: string[] = [];
    const scan = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        const stat = statSync(path);
        if (stat.isDirectory()) scan(path);
        else if (stat.isFile() && readFileSync(path).includes(needle)) found.push(path);
      }
    };
    scan(join(dataDir, 'db'));
    expect(found).toEqual([]);
  });

  it('refuses a ciphertext that was changed, or moved to another row', async () => {
    const [a] = await sql`select vault.create_secret('moved away') as id`;
    const [b] = await sql`select vault.create_secret('tampered with') as id`;
    const [c] = await sql`select vault.create_secret('overwritten') as id`;
    await sql`update vault.secrets set secret = (select secret from vault.secrets where id = ${a!.id}) where id = ${c!.id}`;
    await expect(
      sql`select decrypted_secret from vault.decrypted_secrets where id = ${c!.id}`,
    ).rejects.toThrow('vault: invalid message');
    const [row] = await sql`select secret from vault.secrets where id = ${b!.id}`;
    const bytes = Buffer.from(row!.secret, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    await sql`update vault.secrets set secret = ${bytes.toString('base64')} where id = ${b!.id}`;
    await expect(
      sql`select decrypted_secret from vault.decrypted_secrets where id = ${b!.id}`,
    ).rejects.toThrow('vault: invalid message');
    await sql`delete from vault.secrets where id in (${b!.id}, ${c!.id})`;
  });
});

describe('the root key', () => {
  it('lives in <data dir>/keys/vault.key, 64 hex digits, readable by its owner only', () => {
    expect(vaultKey()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dataDir, 'keys', 'vault.key')).mode & 0o077).toBe(0);
  });

  it('is in no setting, function or table that service_role or authenticated can read', async () => {
    const key = vaultKey();
    for (const role of ['service_role', 'authenticated']) {
      const leaks = await as(role, async (tx) => {
        const found: string[] = [];
        const settings = await tx`select name from pg_settings where setting ilike ${`%${key}%`}`;
        found.push(...settings.map((s) => `setting ${s.name}`));
        const sources = await tx`select proname from pg_proc where prosrc ilike ${`%${key}%`}`;
        found.push(...sources.map((s) => `function ${s.proname}`));
        const tables = await tx`
          select table_schema, table_name from information_schema.tables
          where has_table_privilege(format('%I.%I', table_schema, table_name), 'select')
            and table_schema not in ('pg_catalog', 'information_schema')`;
        for (const { table_schema, table_name } of tables) {
          const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
          const [hit] = await tx.unsafe(
            `select count(*)::int as n from ${ident(table_schema)}.${ident(table_name)} t where t::text ilike $1`,
            [`%${key}%`],
          );
          if (hit?.n) found.push(`table ${table_schema}.${table_name}`);
        }
        return found;
      });
      expect(leaks, role).toEqual([]);
    }
  });

  it('cannot be read from SQL by service_role', async () => {
    await expect(
      as('service_role', (tx) => tx`select pg_read_file('../keys/vault.key')`),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(
      as('service_role', (tx) => tx`select vault._stack_derived_key(0, 'pgsodium', 'encryption')`),
    ).rejects.toMatchObject({ code: '42501' });
  });
});

describe('a lost or replaced key', () => {
  it('makes stored secrets fail to decrypt, with an error that says so, until the key is back', async () => {
    const name = `rekeyed-${randomUUID()}`;
    await sql`select vault.create_secret('under the first key', ${name})`;
    const file = join(dataDir, 'keys', 'vault.key');
    const original = readFileSync(file);
    const read = () => sql`select decrypted_secret from vault.decrypted_secrets where name = ${name}`;
    try {
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`);
      await expect(read()).rejects.toThrow('vault: invalid message');
      rmSync(file);
      await expect(read()).rejects.toThrow('vault: the root key is not available');
      await expect(sql`select vault.create_secret('no key, no secret')`).rejects.toThrow(
        'vault: the root key is not available',
      );
    } finally {
      writeFileSync(file, original, { mode: 0o600 });
      if (process.getuid?.() === 0) chownSync(file, 65534, 65534);
    }
    expect(await read()).toEqual([{ decrypted_secret: 'under the first key' }]);
  });
});

describe('privileges', () => {
  it('lets postgres and service_role read decrypted_secrets and create secrets in SQL', async () => {
    const name = `roles-${randomUUID()}`;
    await sql`select vault.create_secret('for the privileged', ${name})`;
    for (const role of ['postgres', 'service_role']) {
      const rows = await as(role, async (tx) => {
        await tx`select vault.create_secret('made by a role', ${`${name}-${role}`})`;
        return tx`select decrypted_secret from vault.decrypted_secrets where name = ${name}`;
      });
      expect(rows, role).toEqual([{ decrypted_secret: 'for the privileged' }]);
    }
  });

  it('refuses anon and authenticated in SQL: no usage on schema vault', async () => {
    for (const role of ['anon', 'authenticated']) {
      await expect(
        as(role, (tx) => tx`select decrypted_secret from vault.decrypted_secrets`),
        role,
      ).rejects.toMatchObject({ code: '42501', message: 'permission denied for schema vault' });
      await expect(
        as(role, (tx) => tx`select secret from vault.secrets`),
        role,
      ).rejects.toMatchObject({
        code: '42501',
      });
      await expect(
        as(role, (tx) => tx`select vault.create_secret('nope')`),
        role,
      ).rejects.toMatchObject({
        code: '42501',
      });
    }
  });

  it('answers REST RPC through Vault for service_role, and refuses anon (401) and a user (403)', async () => {
    const name = `rest-${randomUUID()}`;
    const service = createClient(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
    const stored = await service.rpc('store_secret', { secret: 'over REST', secret_name: name });
    expect(stored.error).toBeNull();
    expect(stored.data).toMatch(/^[0-9a-f-]{36}$/);
    const read = await service.rpc('read_secret', { secret_name: name });
    expect(read).toMatchObject({ data: 'over REST', error: null, status: 200 });

    const anon = createClient(stack.apiUrl, stack.anonKey, { auth: { persistSession: false } });
    const refusedAnon = await anon.rpc('read_secret', { secret_name: name });
    expect(refusedAnon.status).toBe(401);
    expect(refusedAnon.error).toMatchObject({ code: '42501', message: 'permission denied for schema vault' });
    const storedByAnon = await anon.rpc('store_secret', { secret: 'nope', secret_name: `${name}-anon` });
    expect(storedByAnon.status).toBe(401);

    const user = signHs256(
      {
        sub: randomUUID(),
        role: 'authenticated',
        aud: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + 600,
      },
      stack.jwtSecret,
    );
    const asUser = createClient(stack.apiUrl, stack.anonKey, {
      auth: { persistSession: false },
      global: { headers: { Authorization: `Bearer ${user}` } },
    });
    const refusedUser = await asUser.rpc('read_secret', { secret_name: name });
    expect(refusedUser.status).toBe(403);
    expect(refusedUser.error).toMatchObject({ code: '42501' });
    const rows = await sql`select count(*)::int as n from vault.secrets where name like ${`${name}-%`}`;
    expect(rows[0]!.n).toBe(0);
  });
});

describe('after a restart', () => {
  it('decrypts the same secrets with the same key', async () => {
    const name = `restart-${randomUUID()}`;
    await sql`select vault.create_secret('still here', ${name})`;
    const key = vaultKey();
    await sql.end();
    await stack.stop();
    stack = await start();
    sql = connect();
    expect(vaultKey()).toBe(key);
    const rows = await sql`
      select name, decrypted_secret from vault.decrypted_secrets
      where name in (${name}, 'fixture_api_token') order by name`;
    expect(rows).toEqual([
      { name: 'fixture_api_token', decrypted_secret: TOKEN },
      { name, decrypted_secret: 'still here' },
    ]);
  });
});
