/**
 * Notification email end to end (issue 23, decisions 075 and 088): the database queues, pg_net calls the
 * `send-notifications` function, the function sends through a relay to the stack's inbox. Its own stack, so
 * the functions' LANES_EMAIL_API_URL can point at a relay this file controls (passing, failing, or taking the
 * email and then failing). The clock moves by calling the function with `{ now }` as the service role.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { RunningStack } from '@lanes/stack';
import { startTestStack, toEnv } from '@lanes/stack/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

type Support = typeof import('./support/db.ts');
type User = import('./support/db.ts').User;

interface InboxMessage {
  ID: string;
  Subject: string;
  Text: string;
  HTML: string;
  To: { Address: string }[];
  ListUnsubscribe: { Header: string; HeaderPost: string; Links: string[] };
}

/** The relay in front of the inbox: what it does with the next sends, and the keys it was sent. */
const relay = { mode: 'pass' as 'pass' | 'fail' | 'take-then-fail', keys: [] as string[], url: '' };
let relayServer: Server;
let stack: RunningStack;
let s: Support;

beforeAll(async () => {
  relayServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const key = String(req.headers['idempotency-key'] ?? '');
      relay.keys.push(key);
      if (relay.mode !== 'fail') {
        await fetch(new URL('/api/v1/send', stack.inboxUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
          body: Buffer.concat(chunks),
        });
      }
      res.writeHead(relay.mode === 'pass' ? 200 : 500, { 'content-type': 'application/json' });
      res.end(relay.mode === 'pass' ? '{"ID":"relayed"}' : '{"error":"relay down"}');
    });
  });
  await new Promise<void>((resolve) => relayServer.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${(relayServer.address() as AddressInfo).port}/api/v1/send`;
  stack = await startTestStack({
    workdir: fileURLToPath(new URL('../../..', import.meta.url)),
    functionsEnv: { LANES_EMAIL_API_URL: relay.url },
  });
  process.env.STACK_ENV = JSON.stringify(toEnv(stack));
  s = await import('./support/db.ts');
  await setVault(true);
}, 180_000);

afterAll(async () => {
  await s?.db.end();
  await stack?.stop();
  relayServer?.close();
});

/** Supabase's convention for calling functions from the database; without the key the schedule idles. */
async function setVault(on: boolean) {
  if (!on) {
    await s.db`delete from vault.secrets where name = 'service_role_key'`;
    return;
  }
  for (const [name, value] of [
    ['project_url', stack.apiUrl],
    ['service_role_key', stack.serviceRoleKey],
  ] as const) {
    await s.db`delete from vault.secrets where name = ${name}`;
    await s.db`select vault.create_secret(${value}, ${name})`;
  }
}

/** Runs the schedule's work now, or as at `now`. */
async function run(now?: Date, key = stack.serviceRoleKey) {
  const response = await fetch(`${stack.apiUrl}/functions/v1/send-notifications`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(now ? { now: now.toISOString() } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function messagesTo(email: string): Promise<InboxMessage[]> {
  const list = (await (
    await fetch(`${stack.inboxUrl}/api/v1/search?query=to:${encodeURIComponent(email)}`)
  ).json()) as { messages: { ID: string }[] };
  return Promise.all(
    list.messages.map(
      async (m) => (await (await fetch(`${stack.inboxUrl}/api/v1/message/${m.ID}`)).json()) as InboxMessage,
    ),
  );
}

/** Polls until `check` answers something, or fails after the deadline. */
async function waitFor<T>(what: string, check: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `hh:mm` on the local day `days` after today in `zone`, as an instant. */
async function localTime(zone: string, days: number, time: string): Promise<Date> {
  const [row] = await s.db<{ t: Date }[]>`
    select (((now() at time zone ${zone})::date + ${days}::int) + ${time}::time) at time zone ${zone} as t`;
  return row!.t;
}

async function localDate(zone: string, days: number): Promise<string> {
  const [row] = await s.db<{ d: string }[]>`
    select (((now() at time zone ${zone})::date + ${days}::int))::text as d`;
  return row!.d;
}

async function newTask(
  by: User,
  board: string,
  column: string,
  fields: { assignee?: string; due?: string } = {},
) {
  const [row] = await s.db<{ id: string }[]>`
    insert into public.tasks (board_id, column_id, title, assignee_id, due_on, created_by)
    values (${board}, ${column}, ${`Task ${Math.random().toString(36).slice(2, 8)}`}, ${fields.assignee ?? null},
            ${fields.due ?? null}, ${by.id})
    returning id`;
  return row!.id;
}

async function comment(by: User, task: string, body: string) {
  await s.asUser(
    by,
    (tx) => tx`insert into public.comments (task_id, author_id, body) values (${task}, ${by.id}, ${body})`,
    {
      commit: true,
    },
  );
}

async function outbox(user: string) {
  return s.db<
    {
      id: number;
      kind: string;
      status: string;
      attempts: number;
      next_attempt_at: Date;
      last_error: string | null;
    }[]
  >`
    select id, kind, status, attempts, next_attempt_at, last_error from public.email_outbox where user_id = ${user} order by id`;
}

describe('at once: pg_cron → pg_net → the function', () => {
  let owner: User;
  let member: User;
  let ws: Awaited<ReturnType<Support['createWorkspace']>>;
  let task: string;
  let message: InboxMessage;

  beforeAll(async () => {
    owner = await s.createUser('owner');
    member = await s.createUser('member');
    ws = await s.createWorkspace({ owner, member });
    task = await newTask(owner, ws.board, ws.todo);
  });

  test('a mention emails the person at once: text, HTML, a link to the task, one-click unsubscribe headers', async () => {
    // Within the 10-second schedule that drains the outbox.
    await comment(owner, task, `Please look, @[${member.id}]`);
    message = await waitFor('the mention email', async () => (await messagesTo(member.email))[0]);
    const link = `http://localhost:5173/w/${ws.slug}/b/${ws.board}/t/${task}`;
    expect(message.Subject).toMatch(/^owner mentioned you on Task /);
    expect(message.Text).toContain(link);
    expect(message.HTML).toContain(`href="${link}"`);
    expect(message.ListUnsubscribe.HeaderPost).toBe('List-Unsubscribe=One-Click');
    expect(message.ListUnsubscribe.Links).toHaveLength(1);
    expect(message.ListUnsubscribe.Links[0]).toMatch(
      new RegExp(`^${stack.apiUrl}/functions/v1/unsubscribe\\?token=${member.id}\\.mentioned\\.[\\w-]{43}$`),
    );
    expect(message.Text).toContain(`http://localhost:5173/unsubscribe?token=${member.id}.mentioned.`);
    const headers = (await (
      await fetch(`${stack.inboxUrl}/api/v1/message/${message.ID}/headers`)
    ).json()) as Record<string, string[]>;
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    await waitFor('the outbox row marked sent', async () =>
      (await outbox(member.id)).every((r) => r.status === 'sent') ? true : undefined,
    );
    const [note] =
      await s.db`select emailed_at from public.notifications where user_id = ${member.id} and kind = 'mentioned'`;
    expect(note!.emailed_at).not.toBeNull();
    // The owner, who wrote it, got nothing.
    expect(await messagesTo(owner.email)).toEqual([]);
  });

  test('one-click unsubscribe, signed out: that kind only; forged or altered tokens change nothing', async () => {
    const url = message.ListUnsubscribe.Links[0]!;
    const prefs = () =>
      s.db`select kind, delivery from public.notification_preferences where user_id = ${member.id} order by kind`;
    const post = (to: string) =>
      fetch(to, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const forged = `${url.slice(0, -1)}${url.endsWith('A') ? 'B' : 'A'}`;
    const otherKind = url.replace('.mentioned.', '.assigned.');
    for (const bad of [
      forged,
      otherKind,
      url.replace(member.id, owner.id),
      `${stack.apiUrl}/functions/v1/unsubscribe`,
    ]) {
      const response = await post(bad);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('VALIDATION');
    }
    expect(await prefs()).toEqual([]);
    expect((await fetch(url)).status).toBe(405);
    expect(await prefs()).toEqual([]);

    const response = await post(url);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ scope: 'mentioned', kinds: ['mentioned'] });
    expect(await prefs()).toEqual([{ kind: 'mentioned', delivery: 'in_app' }]);
    expect((await post(url)).status).toBe(200);
    expect(await prefs()).toEqual([{ kind: 'mentioned', delivery: 'in_app' }]);

    // Mentioned again: in the inbox, no email. Assigned: still by email.
    await comment(owner, task, `Again, @[${member.id}]`);
    await s.db`update public.tasks set assignee_id = ${member.id} where id = ${task}`;
    await waitFor('the assignment email', async () =>
      (await messagesTo(member.email)).length === 2 ? true : undefined,
    );
    const subjects = (await messagesTo(member.email)).map((m) => m.Subject);
    expect(subjects[0]).toMatch(/assigned you Task /);
    expect(await outbox(member.id)).toHaveLength(2);
  });

  test('the pg_cron job calls the function through pg_net with the key from Vault', async () => {
    const jobs = await s.db<{ jobname: string; schedule: string; command: string }[]>`
      select jobname, schedule, command from cron.job where jobname like 'lanes-notification%' order by jobname`;
    expect(jobs).toEqual([
      {
        jobname: 'lanes-notification-emails',
        schedule: '10 seconds',
        command: 'select private.request_notification_run_if_due()',
      },
      {
        jobname: 'lanes-notifications',
        schedule: '* * * * *',
        command: 'select private.request_notification_run()',
      },
    ]);
    const job = jobs[1];
    const [queued] = await s.db<{ id: number }[]>`
      select coalesce(max(id), 0)::int as id from net._http_response`;
    await s.db.unsafe(job!.command);
    const response = await waitFor('the function answer', async () => {
      const [row] = await s.db<{ status_code: number; content: string }[]>`
        select status_code, content from net._http_response where id > ${queued?.id ?? 0} order by id desc limit 1`;
      return row;
    });
    expect(response.status_code).toBe(200);
    expect(Object.keys(JSON.parse(response.content))).toEqual(
      expect.arrayContaining(['reminders', 'digests', 'sent', 'failed']),
    );
  });

  test('only the service role runs the function; a bad time is VALIDATION', async () => {
    expect((await run(undefined, stack.anonKey)).status).toBe(403);
    const bad = await fetch(`${stack.apiUrl}/functions/v1/send-notifications`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.serviceRoleKey}` },
      body: JSON.stringify({ now: 'tomorrow' }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('on a moved clock (the schedule idle: no key in Vault)', () => {
  beforeAll(async () => {
    await setVault(false);
  });

  test('the digest: at 08:00 in the person’s time zone, one email with the unread items, once that day', async () => {
    const owner = await s.createUser('owner');
    const reader = await s.createUser('reader');
    await s.db`update public.profiles set time_zone = 'Asia/Tokyo' where id = ${reader.id}`;
    const ws = await s.createWorkspace({ owner, member: reader });
    const first = await newTask(reader, ws.board, ws.todo);
    const second = await newTask(reader, ws.board, ws.todo);
    await comment(owner, first, 'First thoughts');
    await comment(owner, second, 'Second thoughts');
    const read = await newTask(reader, ws.board, ws.todo);
    await comment(owner, read, 'Already read');
    await s.db`update public.notifications set read_at = now() where user_id = ${reader.id} and task_id = ${read}`;

    expect((await run(await localTime('Asia/Tokyo', 1, '07:55'))).status).toBe(200);
    expect(await outbox(reader.id)).toEqual([]);
    const eight = await localTime('Asia/Tokyo', 1, '08:05');
    expect((await run(eight)).status).toBe(200);
    const messages = await messagesTo(reader.email);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.Subject).toBe('Your Lanes digest: 2 updates');
    expect(messages[0]!.Text).toContain(`/t/${first}`);
    expect(messages[0]!.Text).toContain(`/t/${second}`);
    expect(messages[0]!.Text).not.toContain(`/t/${read}`);
    expect(messages[0]!.ListUnsubscribe.Links[0]).toContain(`token=${reader.id}.digest.`);

    // Later that day, and with a new comment since: nothing more today.
    const third = await newTask(reader, ws.board, ws.todo);
    await comment(owner, third, 'More');
    await run(new Date(eight.getTime() + 3 * 3_600_000));
    expect(await messagesTo(reader.email)).toHaveLength(1);
    // The next morning: the new one only.
    await run(await localTime('Asia/Tokyo', 2, '08:01'));
    const next = await messagesTo(reader.email);
    expect(next).toHaveLength(2);
    expect(next[0]!.Subject).toBe('Your Lanes digest: 1 update');

    // Unsubscribing from the digest moves every digest kind to in-app only.
    const response = await fetch(next[0]!.ListUnsubscribe.Links[0]!, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    const prefs =
      await s.db`select kind, delivery from public.notification_preferences where user_id = ${reader.id}`;
    expect(prefs.map((p) => p.kind).sort()).toEqual([
      'commented',
      'completed',
      'due_soon',
      'invited',
      'overdue',
      'removed',
      'role_changed',
    ]);
    expect(prefs.every((p) => p.delivery === 'in_app')).toBe(true);
  });

  test('due tomorrow the morning before, overdue the morning after; done and archived tasks never', async () => {
    const zone = 'America/New_York';
    const owner = await s.createUser('owner');
    const assignee = await s.createUser('assignee');
    await s.db`update public.profiles set time_zone = ${zone} where id = ${assignee.id}`;
    const ws = await s.createWorkspace({ owner, member: assignee });
    for (const kind of ['due_soon', 'overdue']) {
      await s.db`insert into public.notification_preferences (user_id, kind, delivery) values (${assignee.id}, ${kind}, 'instant')`;
    }
    const due = await localDate(zone, 11);
    const open = await newTask(owner, ws.board, ws.todo, { assignee: assignee.id, due });
    const done = await newTask(owner, ws.board, ws.done, { assignee: assignee.id, due });
    const archived = await newTask(owner, ws.board, ws.todo, { assignee: assignee.id, due });
    await s.db`update public.tasks set archived_at = now() where id = ${archived}`;
    await run(await localTime(zone, 10, '07:30')); // sends the assignment emails, no reminder yet
    const before = (await messagesTo(assignee.email)).length;
    expect(
      await s.db`select id from public.notifications where user_id = ${assignee.id} and kind = 'due_soon'`,
    ).toEqual([]);
    await run(await localTime(zone, 10, '08:10'));
    const soon = await messagesTo(assignee.email);
    expect(soon).toHaveLength(before + 1);
    expect(soon[0]!.Subject).toMatch(new RegExp(`is due tomorrow \\(${due}\\)$`));
    expect(soon[0]!.Text).toContain(`/t/${open}`);
    await run(await localTime(zone, 10, '18:00'));
    expect(await messagesTo(assignee.email)).toHaveLength(before + 1);

    await run(await localTime(zone, 12, '08:10'));
    const late = await messagesTo(assignee.email);
    expect(late).toHaveLength(before + 2);
    expect(late[0]!.Subject).toMatch(new RegExp(`is overdue \\(was due ${due}\\)$`));
    const never =
      await s.db`select id from public.notifications where task_id in (${done}, ${archived}) and kind in ('due_soon', 'overdue')`;
    expect(never).toEqual([]);
  });

  test('a failing relay: retried with backoff, no duplicate when a send it took is retried, then sent once', async () => {
    const owner = await s.createUser('owner');
    const member = await s.createUser('member');
    const ws = await s.createWorkspace({ owner, member });
    const t0 = new Date(Date.now() + 86_400_000);
    relay.mode = 'fail';
    await newTask(owner, ws.board, ws.todo, { assignee: member.id });
    const [row] = await outbox(member.id);
    const key = `notification:${(await s.db`select id from public.notifications where user_id = ${member.id}`)[0]!.id}`;
    const sends = () => relay.keys.filter((k) => k === key).length;
    const after = (ms: number) => new Date(t0.getTime() + ms);

    await run(t0);
    let [state] = await outbox(member.id);
    expect(state).toMatchObject({ id: row!.id, status: 'pending', attempts: 1 });
    expect(state!.last_error).toMatch(/^email refused: 500/);
    expect(state!.next_attempt_at.getTime() - t0.getTime()).toBe(60_000);
    await run(after(30_000));
    expect(sends()).toBe(1);
    await run(after(60_000));
    [state] = await outbox(member.id);
    expect(state).toMatchObject({ attempts: 2 });
    expect(state!.next_attempt_at.getTime() - after(60_000).getTime()).toBe(120_000);

    relay.mode = 'take-then-fail'; // the relay sends it, but the answer says it failed
    await run(after(180_000));
    [state] = await outbox(member.id);
    expect(state).toMatchObject({ attempts: 3, status: 'pending' });
    expect(await messagesTo(member.email)).toHaveLength(1);

    relay.mode = 'pass';
    await run(after(420_000));
    [state] = await outbox(member.id);
    expect(state).toMatchObject({ attempts: 4, status: 'sent' });
    expect(sends()).toBe(4);
    expect(await messagesTo(member.email)).toHaveLength(1);
  });

  test('a message that keeps failing is marked failed after five attempts, shown to the workspace’s admins only', async () => {
    const owner = await s.createUser('owner');
    const admin = await s.createUser('admin');
    const member = await s.createUser('member');
    const ws = await s.createWorkspace({ owner, admin, member });
    const t0 = new Date(Date.now() + 2 * 86_400_000);
    relay.mode = 'fail';
    await newTask(owner, ws.board, ws.todo, { assignee: member.id });
    for (let i = 0; i < 6; i++) await run(new Date(t0.getTime() + i * 20 * 60_000));
    relay.mode = 'pass';
    const [state] = await outbox(member.id);
    expect(state).toMatchObject({ status: 'failed', attempts: 5 });
    expect(await messagesTo(member.email)).toEqual([]);

    const failures = (who: User) =>
      s.asUser(
        who,
        (tx) => tx`select workspace_id, user_id, kind, attempts from public.notification_email_failures`,
      );
    const expected = [{ workspace_id: ws.id, user_id: member.id, kind: 'instant', attempts: 5 }];
    expect(await failures(admin)).toEqual(expected);
    expect(await failures(owner)).toEqual(expected);
    expect(await failures(member)).toEqual([]);
    await expect(
      s.asUser(null, (tx) => tx`select * from public.notification_email_failures`),
    ).rejects.toMatchObject({
      code: '42501',
    });
  });

  test('email goes only to current members: removed before the send, nothing is sent', async () => {
    const owner = await s.createUser('owner');
    const member = await s.createUser('member');
    const ws = await s.createWorkspace({ owner, member });
    await newTask(owner, ws.board, ws.todo, { assignee: member.id });
    await s.db`delete from public.workspace_members where workspace_id = ${ws.id} and user_id = ${member.id}`;
    await run(new Date(Date.now() + 3 * 86_400_000));
    expect((await outbox(member.id)).filter((r) => r.kind === 'instant').map((r) => r.status)).toEqual([
      'skipped',
    ]);
    // At most the digest saying they were removed; nothing about the task.
    for (const m of await messagesTo(member.email)) expect(m.Text).not.toContain('/t/');
  });
});
