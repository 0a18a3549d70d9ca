/**
 * What the bootstrap provides before any migration, as the Supabase image does: roles and their
 * attributes, managed schemas and owners, extensions, auth helpers reading the request's claims,
 * default privileges in public, the realtime publication. Checked with raw SQL on the shared stack.
 */
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { stackEnv } from '../src/testing.ts';

const env = stackEnv();
const sql = postgres(env.dbUrl, { max: 2, onnotice: () => {} });
afterAll(() => sql.end());

/** Runs `fn` in a transaction that is always rolled back, so the shared stack is left as it was. */
async function rolledBack<T>(fn: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await sql
    .begin(async (tx) => {
      result = await fn(tx);
      throw new Error('rollback');
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error;
    });
  return result as T;
}

describe('bootstrap', () => {
  it('creates the API roles with Supabase’s attributes', async () => {
    const roles = await sql<
      { rolname: string; login: boolean; inherit: boolean; bypassrls: boolean; superuser: boolean }[]
    >`
      select rolname, rolcanlogin as login, rolinherit as inherit, rolbypassrls as bypassrls, rolsuper as superuser
      from pg_roles where rolname in ('anon', 'authenticated', 'service_role', 'authenticator', 'supabase_admin')
      order by rolname`;
    expect(roles).toEqual([
      { rolname: 'anon', login: false, inherit: false, bypassrls: false, superuser: false },
      { rolname: 'authenticated', login: false, inherit: false, bypassrls: false, superuser: false },
      { rolname: 'authenticator', login: true, inherit: false, bypassrls: false, superuser: false },
      { rolname: 'service_role', login: false, inherit: false, bypassrls: true, superuser: false },
      { rolname: 'supabase_admin', login: true, inherit: true, bypassrls: true, superuser: true },
    ]);
    const others = await sql`select rolname from pg_roles where rolname in
      ('supabase_auth_admin', 'supabase_storage_admin', 'dashboard_user') order by 1`;
    expect(others.map((r) => r.rolname)).toEqual([
      'dashboard_user',
      'supabase_auth_admin',
      'supabase_storage_admin',
    ]);
  });

  it('lets authenticator log in and switch to each API role, as PostgREST does', async () => {
    const url = new URL(env.dbUrl);
    url.username = 'authenticator';
    const authenticator = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      for (const role of ['anon', 'authenticated', 'service_role']) {
        const [row] = await authenticator.begin(async (tx) => {
          await tx`select set_config('role', ${role}, true)`;
          return tx`select current_user as who`;
        });
        expect(row?.who).toBe(role);
      }
      await expect(authenticator`set role postgres`).rejects.toThrow(/permission denied/);
    } finally {
      await authenticator.end();
    }
  });

  it('creates the managed schemas, owned as on Supabase', async () => {
    const schemas = await sql<{ name: string; owner: string }[]>`
      select nspname as name, nspowner::regrole::text as owner from pg_namespace
      where nspname in ('auth', 'storage', 'realtime', 'extensions', 'graphql_public', 'supabase_migrations')
      order by 1`;
    expect(schemas).toEqual([
      { name: 'auth', owner: 'supabase_admin' },
      { name: 'extensions', owner: 'postgres' },
      { name: 'graphql_public', owner: 'supabase_admin' },
      { name: 'realtime', owner: 'supabase_admin' },
      { name: 'storage', owner: 'supabase_admin' },
      { name: 'supabase_migrations', owner: 'postgres' },
    ]);
  });

  it('installs pgcrypto and uuid-ossp in extensions, reachable without a schema prefix', async () => {
    const extensions = await sql`select extname, extnamespace::regnamespace::text as schema from pg_extension
      where extname in ('pgcrypto', 'uuid-ossp') order by 1`;
    expect(extensions).toEqual([
      { extname: 'pgcrypto', schema: 'extensions' },
      { extname: 'uuid-ossp', schema: 'extensions' },
    ]);
    const [row] = await sql`select uuid_generate_v4() is not null as v4, length(gen_salt('bf')) as salt,
      encode(digest('abc', 'sha256'), 'hex') as hash`;
    expect(row).toEqual({
      v4: true,
      salt: 29,
      hash: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
  });

  it('auth.uid(), auth.role(), auth.email() and auth.jwt() read the request’s claims', async () => {
    const claims = {
      sub: '5b6d1c2a-1c1f-4a57-9d0e-0f8f1f6c9a11',
      role: 'authenticated',
      email: 'ada@example.com',
      app_metadata: { provider: 'email' },
    };
    const row = await rolledBack(async (tx) => {
      await tx`select set_config('role', 'authenticated', true),
        set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
      const [r] = await tx`select auth.uid() as uid, auth.role() as role, auth.email() as email,
        auth.jwt() -> 'app_metadata' ->> 'provider' as provider, current_user as who`;
      return r;
    });
    expect(row).toEqual({
      uid: claims.sub,
      role: 'authenticated',
      email: 'ada@example.com',
      provider: 'email',
      who: 'authenticated',
    });
    const [anon] = await sql`select auth.uid() as uid`;
    expect(anon?.uid).toBeNull();
  });

  it('grants the API roles what migrations create in public, and RLS decides on rows', async () => {
    const result = await rolledBack(async (tx) => {
      await tx`create table public.bootstrap_probe (id int primary key, owner uuid)`;
      await tx`alter table public.bootstrap_probe enable row level security`;
      await tx`create policy own on public.bootstrap_probe for select to authenticated using (owner = auth.uid())`;
      await tx`insert into public.bootstrap_probe values (1, '5b6d1c2a-1c1f-4a57-9d0e-0f8f1f6c9a11'), (2, null)`;
      const grants = await tx`select grantee, privilege_type from information_schema.role_table_grants
        where table_name = 'bootstrap_probe' and privilege_type = 'SELECT' order by grantee`;
      await tx`select set_config('role', 'authenticated', true),
        set_config('request.jwt.claims', '{"sub":"5b6d1c2a-1c1f-4a57-9d0e-0f8f1f6c9a11","role":"authenticated"}', true)`;
      const mine = await tx`select id from public.bootstrap_probe`;
      await tx`select set_config('role', 'anon', true)`;
      const anon = await tx`select id from public.bootstrap_probe`;
      await tx`select set_config('role', 'service_role', true)`;
      const service = await tx`select id from public.bootstrap_probe order by id`;
      return { grantees: grants.map((g) => g.grantee), mine, anon, service };
    });
    expect(result.grantees).toEqual(
      expect.arrayContaining(['anon', 'authenticated', 'postgres', 'service_role']),
    );
    expect(result.mine).toEqual([{ id: 1 }]);
    expect(result.anon).toEqual([]);
    expect(result.service).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('runs a trigger on auth.users insert, the usual profiles pattern', async () => {
    const profile = await rolledBack(async (tx) => {
      await tx`create table public.bootstrap_profiles (id uuid primary key references auth.users on delete cascade, name text)`;
      await tx.unsafe(`
        create function public.bootstrap_new_user() returns trigger
        language plpgsql security definer set search_path = '' as $$
        begin
          insert into public.bootstrap_profiles (id, name) values (new.id, new.raw_user_meta_data ->> 'name');
          return new;
        end $$`);
      await tx`create trigger on_bootstrap_user after insert on auth.users
        for each row execute function public.bootstrap_new_user()`;
      await tx`insert into auth.users (id, email, raw_user_meta_data, aud, role)
        values ('0c7e4c0e-7c1c-4bd7-8d5c-3a3c1f7f2b10', 'grace@example.com', '{"name":"Grace"}', 'authenticated', 'authenticated')`;
      return tx`select id, name from public.bootstrap_profiles`;
    });
    expect(profile).toEqual([{ id: '0c7e4c0e-7c1c-4bd7-8d5c-3a3c1f7f2b10', name: 'Grace' }]);
  });

  it('creates the supabase_realtime publication and the graphql_public.graphql function', async () => {
    const [pub] =
      await sql`select count(*)::int as n from pg_publication where pubname = 'supabase_realtime'`;
    expect(pub?.n).toBe(1);
    const [fn] =
      await sql`select to_regprocedure('graphql_public.graphql(text, text, jsonb, jsonb)') is not null as ok,
      has_function_privilege('anon', 'graphql_public.graphql(text, text, jsonb, jsonb)', 'execute') as anon`;
    expect(fn).toEqual({ ok: true, anon: true });
  });
});
