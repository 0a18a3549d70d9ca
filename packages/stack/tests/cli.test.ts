/**
 * The `stack` CLI as a developer runs it: a child process on a temp project, on free ports. Start returns
 * once the API answers, status prints in three formats, reset rebuilds from migrations and seed, stop
 * leaves no process behind, and mistakes get clear errors and non-zero exits.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, PUBLISHABLE_KEY, SERVICE_ROLE_KEY } from '../src/keys.ts';
import { runSupabaseCli } from '../src/postgres/database.ts';
import { isPortTaken } from '../src/util/ports.ts';
import { isProcessRunning } from '../src/util/process.ts';
import { runCli, type TempProject, tempProject } from './helpers/cli.ts';

const MIGRATION = `
create table public.notes (id bigint generated always as identity primary key, body text not null);
alter table public.notes enable row level security;
`;
const SEED = `insert into public.notes (body) values ('seeded');`;

describe('stack CLI', { timeout: 60_000 }, () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await tempProject({ migrations: { '20240101000000_notes.sql': MIGRATION }, seed: SEED });
  });
  afterAll(() => project.cleanup());

  const notes = async () => {
    const sql = postgres(`postgresql://postgres:postgres@127.0.0.1:${project.ports.db}/postgres`, { max: 1 });
    try {
      return (await sql<{ body: string }[]>`select body from public.notes order by id`).map((r) => r.body);
    } finally {
      await sql.end();
    }
  };

  it('start returns once the API answers, and prints the status as JSON', async () => {
    const result = await project.run('start', '-o', 'json');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^Started the local stack in \d+ ms\.$/m);
    const status = JSON.parse(result.stdout);
    const api = `http://127.0.0.1:${project.ports.api}`;
    expect(status).toEqual({
      API_URL: api,
      REST_URL: `${api}/rest/v1`,
      GRAPHQL_URL: `${api}/graphql/v1`,
      FUNCTIONS_URL: `${api}/functions/v1`,
      STORAGE_URL: `${api}/storage/v1`,
      DB_URL: `postgresql://postgres:postgres@127.0.0.1:${project.ports.db}/postgres`,
      INBUCKET_URL: `http://127.0.0.1:${project.ports.inbox}`,
      MAILPIT_URL: `http://127.0.0.1:${project.ports.inbox}`,
      PUBLISHABLE_KEY,
      SECRET_KEY: expect.stringMatching(/^sb_secret_/),
      ANON_KEY,
      SERVICE_ROLE_KEY,
      JWT_SECRET: 'super-secret-jwt-token-with-at-least-32-characters-long',
    });
    // No waiting: the gateway answers as soon as start has returned. Like `supabase start`, it has no
    // key-auth: a request without a key is anon, whom the table's RLS shows nothing.
    const anonymous = await fetch(`${api}/rest/v1/notes`);
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual([]);
    // Migrations and seed were applied by the Supabase CLI, which recorded them.
    expect(await notes()).toEqual(['seeded']);
    expect(project.postmasterPid()).not.toBeNull();
  });

  it('start again reports the running stack instead of starting a second one', async () => {
    const before = JSON.parse(readFileSync(join(project.dataDir, 'state.json'), 'utf8')).pid;
    const result = await project.run('start', '-o', 'env');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`API_URL="http://127.0.0.1:${project.ports.api}"`);
    expect(JSON.parse(readFileSync(join(project.dataDir, 'state.json'), 'utf8')).pid).toBe(before);
  });

  it('status prints env, json and pretty formats', async () => {
    const env = await project.run('status', '-o', 'env');
    expect(env.code).toBe(0);
    const lines = env.stdout.trim().split('\n');
    expect(lines).toContain(`ANON_KEY="${ANON_KEY}"`);
    expect(lines).toContain(`DB_URL="postgresql://postgres:postgres@127.0.0.1:${project.ports.db}/postgres"`);
    for (const line of lines) expect(line).toMatch(/^[A-Z_]+=".*"$/);

    const json = await project.run('status', '--output', 'json');
    expect(JSON.parse(json.stdout).SERVICE_ROLE_KEY).toBe(SERVICE_ROLE_KEY);

    const pretty = await project.run('status');
    expect(pretty.stdout).toContain(`         api url: http://127.0.0.1:${project.ports.api}`);
    expect(pretty.stdout).toContain(`publishable key: ${PUBLISHABLE_KEY}`);
  });

  it('reset rebuilds the database from migrations and seed, and leaves the stack running', async () => {
    const sql = postgres(`postgresql://postgres:postgres@127.0.0.1:${project.ports.db}/postgres`, { max: 1 });
    await sql`insert into public.notes (body) values ('scratch')`;
    await sql.end();
    expect(await notes()).toEqual(['seeded', 'scratch']);
    // Without port flags: reset brings the stack back on the ports it ran on.
    const result = await runCli([
      'reset',
      '-o',
      'json',
      '--workdir',
      project.workdir,
      '--data-dir',
      project.dataDir,
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Reset the database; the stack is running again.');
    expect(JSON.parse(result.stdout).API_URL).toBe(`http://127.0.0.1:${project.ports.api}`);
    expect(await notes()).toEqual(['seeded']);
  });

  it('a warm start applies a migration added while the stack was stopped', async () => {
    expect((await project.run('stop')).code).toBe(0);
    writeFileSync(
      join(project.workdir, 'supabase', 'migrations', '20240202000000_tags.sql'),
      'alter table public.notes add column tag text;',
    );
    expect((await project.run('start')).code).toBe(0);
    const sql = postgres(`postgresql://postgres:postgres@127.0.0.1:${project.ports.db}/postgres`, { max: 1 });
    const versions = await sql`select version from supabase_migrations.schema_migrations order by version`;
    const column =
      await sql`select 1 from information_schema.columns where table_name = 'notes' and column_name = 'tag'`;
    await sql.end();
    expect(versions.map((r) => r.version)).toEqual(['20240101000000', '20240202000000']);
    expect(column).toHaveLength(1);
    // The seed ran once, on the fresh database, not again on the warm start.
    expect(await notes()).toEqual(['seeded']);
  });

  it('gen-types --out writes the Supabase CLI’s types for the project', async () => {
    const out = join(project.workdir, 'database.types.ts');
    const result = await project.run('gen-types', '--out', out);
    expect(result.code, result.stderr).toBe(0);
    const types = readFileSync(out, 'utf8');
    expect(types).toContain('export type Database = {');
    expect(types.startsWith('\nexport type Json =')).toBe(true);
    expect(types).toMatch(/"notes": \{\s+Row: \{\s+"body": string,"id": number,"tag": string \| null\s+\}/);
    expect(types).toContain(
      '  __InternalSupabase: {\n    PostgrestVersion: \'13.0.5\'\n  }\n  "graphql_public": {',
    );
    expect(types).toMatch(
      /"graphql":\s*\{ Args: \{ "extensions"\?: Json,"operationName"\?: string,"query"\?: string,"variables"\?: Json \}; Returns: Json/,
    );
  });

  it('supabase db reset --remote resets the project and keeps what the Supabase image provides', async () => {
    const url = `postgresql://postgres:postgres@127.0.0.1:${project.ports.db}/postgres`;
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await sql`insert into public.notes (body) values ('scratch')`;
      await sql`create table public.stray (id int)`;
      await runSupabaseCli(['db', 'reset', `--remote=${url}`, '--yes'], project.workdir);
      expect(await notes()).toEqual(['seeded']);
      const [stray] = await sql`select to_regclass('public.stray') as t`;
      expect(stray?.t).toBeNull();
      const schemas = await sql<{ nspname: string; owner: string }[]>`
        select nspname, nspowner::regrole::text as owner from pg_namespace
        where nspname in ('auth', 'storage', 'realtime', 'graphql_public', 'extensions') order by 1`;
      expect(schemas.map((r) => `${r.nspname}:${r.owner}`)).toEqual([
        'auth:supabase_admin',
        'extensions:postgres',
        'graphql_public:supabase_admin',
        'realtime:supabase_admin',
        'storage:supabase_admin',
      ]);
      const [uid] = await sql`select to_regprocedure('auth.uid()') is not null as ok`;
      expect(uid?.ok).toBe(true);
    } finally {
      await sql.end();
    }
  });

  it('stop leaves no stack process and no postmaster behind', async () => {
    const { pid } = JSON.parse(readFileSync(join(project.dataDir, 'state.json'), 'utf8'));
    const postmaster = project.postmasterPid();
    expect(postmaster).not.toBeNull();
    const result = await project.run('stop');
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe('Stopped the local stack.');
    expect(isProcessRunning(pid)).toBe(false);
    expect(isProcessRunning(postmaster!)).toBe(false);
    expect(existsSync(join(project.dataDir, 'db', 'postmaster.pid'))).toBe(false);
    expect(existsSync(join(project.dataDir, 'state.json'))).toBe(false);
    await expect(fetch(`http://127.0.0.1:${project.ports.api}/`)).rejects.toThrow();

    const again = await project.run('stop');
    expect(again.stdout.trim()).toBe('The local stack is not running.');
    const status = await project.run('status');
    expect(status.code).toBe(1);
    expect(status.stderr.trim()).toBe('The local stack is not running. Start it with `stack start`.');
  });

  it('gen-types with the stack stopped exits 1 with the Supabase CLI’s message and starts nothing', async () => {
    const result = await project.run('gen-types');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toBe('supabase start is not running.');
    expect(project.postmasterPid()).toBeNull();
    expect(existsSync(join(project.dataDir, 'state.json'))).toBe(false);
    expect(await isPortTaken(project.ports.api)).toBe(false);
    expect(await isPortTaken(project.ports.db)).toBe(false);
  });

  it('refuses a port in use with a clear error and starts nothing', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(project.ports.api, '127.0.0.1', r));
    try {
      const result = await project.run('start');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`Port ${project.ports.api} (api) is already in use.`);
      expect(project.postmasterPid()).toBeNull();
      expect(existsSync(join(project.dataDir, 'state.json'))).toBe(false);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  });
});

describe('stack CLI with --require-api-key', { timeout: 60_000 }, () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await tempProject({ migrations: { '20240101000000_notes.sql': MIGRATION }, seed: SEED });
  });
  afterAll(() => project.cleanup());

  const STRICT_NOTE = 'The gateway requires an API key (--require-api-key)';
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${project.ports.api}${path}`, { headers });
  const pid = () => JSON.parse(readFileSync(join(project.dataDir, 'state.json'), 'utf8')).pid as number;

  it('start --require-api-key refuses requests without a known apikey, as hosted Supabase does', async () => {
    const result = await project.run('start', '--require-api-key', '-o', 'json');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(STRICT_NOTE);
    // stdout stays the status alone, so `-o json` still parses.
    expect(JSON.parse(result.stdout).ANON_KEY).toBe(ANON_KEY);

    for (const path of ['/rest/v1/notes', '/auth/v1/settings']) {
      const missing = await get(path);
      expect(missing.status, path).toBe(401);
      expect(await missing.json()).toEqual({ message: 'No API key found in request' });
      const unknown = await get(path, { apikey: 'not-a-key' });
      expect(unknown.status, path).toBe(401);
      expect(await unknown.json()).toEqual({ message: 'Invalid API key' });
    }
    // A known key passes: anon, whom RLS shows nothing; the publishable key stands for anon too.
    const anon = await get('/rest/v1/notes', { apikey: ANON_KEY });
    expect(anon.status).toBe(200);
    expect(await anon.json()).toEqual([]);
    const publishable = await get('/rest/v1/notes', { apikey: PUBLISHABLE_KEY });
    expect(publishable.status).toBe(200);
    const service = await get('/rest/v1/notes', { apikey: SERVICE_ROLE_KEY });
    expect(await service.json()).toEqual([{ id: 1, body: 'seeded' }]);
  });

  it('status says the gateway is strict, on stderr', async () => {
    const result = await project.run('status', '-o', 'env');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(STRICT_NOTE);
    expect(result.stdout).toContain(`ANON_KEY="${ANON_KEY}"`);
  });

  it('reset brings the stack back as strict as it ran', async () => {
    const result = await runCli(['reset', '--workdir', project.workdir, '--data-dir', project.dataDir]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(STRICT_NOTE);
    const missing = await get('/rest/v1/notes');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ message: 'No API key found in request' });
  });

  it('without the flag the stack starts open again: a request without apikey reaches REST as anon', async () => {
    expect((await project.run('stop')).code).toBe(0);
    const result = await project.run('start');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain(STRICT_NOTE);
    const anonymous = await get('/rest/v1/notes');
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual([]);
  });

  it('start --require-api-key on a running open stack fails with exit 1 and leaves it as it is', async () => {
    const before = pid();
    const result = await project.run('start', '--require-api-key');
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'The local stack is already running without --require-api-key. ' +
        'Run `stack reset --require-api-key`, or `stack stop` and start it again.',
    );
    expect(result.stdout).toBe('');
    expect(pid()).toBe(before);
    expect((await get('/rest/v1/notes')).status).toBe(200);
  });
});

describe('stack CLI usage errors', () => {
  it.concurrent.each([
    [['bogus'], 'Unknown command "bogus".'],
    [['start', '--bogus'], "Unknown option '--bogus'"],
    [['status', '-o', 'xml'], 'Invalid --output "xml": use pretty, env or json.'],
    [['start', '--port', '99999'], 'Invalid --port "99999": expected a port number 1-65535.'],
    [['start', '--db-port', 'abc'], 'Invalid --db-port "abc"'],
    [['stop', 'now'], 'Unexpected argument "now".'],
    [['start', '--require-api-key=yes'], "Option '--require-api-key' does not take an argument"],
    [['status', '--require-api-key'], '--require-api-key applies to start, serve and reset, not status.'],
    [['stop', '--require-api-key'], '--require-api-key applies to start, serve and reset, not stop.'],
  ])('%j exits 2 with a clear message', async (args, message) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('Run `stack --help` for usage.');
    expect(result.stdout).toBe('');
  });

  it('--help prints the usage and exits 0', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: stack <command> \[options\]/);
    expect(result.stdout).toContain('--db-port N');
    expect(result.stdout).toContain('--require-api-key   start, serve, reset:');
  });
});
