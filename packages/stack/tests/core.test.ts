/**
 * The stack on an external Postgres (`dbUrl`): it bootstraps a bare server, applies migrations through
 * the CLI, serves the gateway, leaves the server running on stop, and does not bootstrap twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type PostgresServer, startPostgres } from '../src/postgres/server.ts';
import { startTestStack } from '../src/testing.ts';
import { freePort } from '../src/util/ports.ts';
import { type TempProject, tempProject } from './helpers/cli.ts';

describe('external Postgres (dbUrl)', { timeout: 60_000 }, () => {
  let server: PostgresServer;
  let project: TempProject;
  let clusterDir: string;
  beforeAll(async () => {
    clusterDir = mkdtempSync(join(tmpdir(), 'stack-external-'));
    server = await startPostgres({ dataDir: join(clusterDir, 'db'), port: await freePort() });
    project = await tempProject({
      migrations: {
        '20240101000000_items.sql': `
          create table public.items (id int primary key, owner uuid default auth.uid());
          alter table public.items enable row level security;
          create policy own on public.items for all to authenticated using (owner = auth.uid());`,
      },
      seed: 'insert into public.items (id, owner) values (1, null);',
    });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(clusterDir, { recursive: true, force: true });
    await project.cleanup();
  });

  it('bootstraps a bare server, migrates it, and serves the gateway on it', async () => {
    const bare = postgres(server.url, { max: 1, onnotice: () => {} });
    const [before] = await bare`select to_regnamespace('auth') is null as bare`;
    await bare.end();
    expect(before?.bare).toBe(true);

    const stack = await startTestStack({ workdir: project.workdir, dbUrl: server.url });
    try {
      expect(stack.dbUrl).toBe(server.url);
      const refused = await fetch(`${stack.apiUrl}/rest/v1/items`);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: 'No API key found in request' });
      const wrong = await fetch(`${stack.apiUrl}/rest/v1/items`, { headers: { apikey: 'nope' } });
      expect(await wrong.json()).toEqual({ message: 'Invalid API key' });

      const sql = postgres(server.url, { max: 1, onnotice: () => {} });
      try {
        const sub = '7d3f8a52-2f4b-4c1e-9a7b-1f2e3d4c5b6a';
        const rows = await sql.begin(async (tx) => {
          await tx`select set_config('role', 'authenticated', true),
            set_config('request.jwt.claims', ${JSON.stringify({ sub, role: 'authenticated' })}, true)`;
          await tx`insert into public.items (id) values (2)`;
          return tx`select id, owner, auth.uid() as uid from public.items`;
        });
        // RLS hides the seeded row; the new row took its owner from auth.uid().
        expect(rows).toEqual([{ id: 2, owner: sub, uid: sub }]);
        const versions = await sql`select version from supabase_migrations.schema_migrations`;
        expect(versions.map((r) => r.version)).toEqual(['20240101000000']);
      } finally {
        await sql.end();
      }
      // An open WebSocket must not hold up stop(): upgraded sockets are closed with the servers.
      const socket = new WebSocket(
        `${stack.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=1.0.0`,
      );
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      await stack.stop();
      expect(await closed).toBeGreaterThan(0);
    } finally {
      await stack.stop();
    }

    // Stopping the stack leaves an external server alone.
    const after = postgres(server.url, { max: 1, onnotice: () => {} });
    const [count] = await after`select count(*)::int as n from public.items`;
    await after.end();
    expect(count?.n).toBe(2);
  });

  it('starts again on the same server without bootstrapping or seeding twice', async () => {
    const stack = await startTestStack({ workdir: project.workdir, dbUrl: server.url });
    try {
      const sql = postgres(server.url, { max: 1, onnotice: () => {} });
      const items = await sql`select id from public.items order by id`;
      await sql.end();
      expect(items.map((r) => r.id)).toEqual([1, 2]);
      expect((await fetch(`${stack.apiUrl}/rest/v1/items`)).status).toBe(401);
    } finally {
      await stack.stop();
    }
  });
});
