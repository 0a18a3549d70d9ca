/**
 * @module bench/world — what the benchmarks run against: the e2e environment (an isolated stack with the seed
 * and the production build served against it), service-role writes to set up big boards, and a signed-in
 * session cookie for alice.
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SECRET_KEY } from '@lanes/stack/keys';

export const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const ACME = 'a0000000-0000-4000-8000-000000000001';
export const ALICE = '11111111-1111-4111-8111-111111111111';
export const SEEDED_BOARD = '/w/acme/b/b0000000-0000-4000-8000-000000000001';

export interface World {
  appUrl: string;
  apiUrl: string;
  stop(): Promise<void>;
}

/** Starts `tests/e2e/environment.ts` (the build must exist: the bench script builds first). */
export async function startWorld(): Promise<World> {
  const script = resolve(appDir, 'tests/e2e/environment.ts');
  const child = spawn(process.execPath, [script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, E2E_SKIP_BUILD: '1' },
  });
  const line = await new Promise<string>((done, fail) => {
    createInterface({ input: child.stdout }).once('line', done);
    child.once('exit', (code) => fail(new Error(`environment exited with ${code}`)));
  });
  const urls = JSON.parse(line) as { appUrl: string; apiUrl: string };
  return {
    ...urls,
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A REST call with the service role, as an edge function or a seed script would make it. */
export async function service<T>(world: World, path: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(`${world.apiUrl}/rest/v1/${path}`, {
    method,
    headers: { apikey: SECRET_KEY, 'Content-Type': 'application/json', Prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A board in the seeded workspace with `columns` columns and `tasks` tasks spread over them; its path. */
export async function createBoard(
  world: World,
  name: string,
  columns: number,
  tasks: number,
): Promise<string> {
  const [board] = await service<{ id: string }[]>(world, 'boards', 'POST', {
    workspace_id: ACME,
    name,
    created_by: ALICE,
  });
  const ids: string[] = [];
  for (let i = 0; i < columns; i += 1) {
    const [column] = await service<{ id: string }[]>(world, 'columns', 'POST', {
      board_id: board!.id,
      name: `Column ${i + 1}`,
    });
    ids.push(column!.id);
  }
  const rows = Array.from({ length: tasks }, (_, i) => ({
    board_id: board!.id,
    column_id: ids[i % columns],
    title: `Task number ${i + 1} with a realistic title`,
    priority: (['none', 'low', 'medium', 'high', 'urgent'] as const)[i % 5],
    assignee_id: i % 3 === 0 ? ALICE : null,
    due_on: i % 4 === 0 ? '2026-12-01' : null,
    created_by: ALICE,
  }));
  // In batches: the insert trigger numbers and appends each task under a per-column lock.
  for (let i = 0; i < rows.length; i += 100) await service(world, 'tasks', 'POST', rows.slice(i, i + 100));
  return `/w/acme/b/${board!.id}`;
}

/** The cookies of a password sign-in through the app's own form (what a browser would hold). */
export async function sessionCookie(world: World, email: string): Promise<string> {
  const body = new URLSearchParams({ email, password: 'password123', intent: 'password' });
  const response = await fetch(`${world.appUrl}/sign-in`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (!cookies.some((c) => c.includes('auth-token'))) throw new Error(`sign-in failed: ${response.status}`);
  return cookies.join('; ');
}
