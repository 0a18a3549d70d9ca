/**
 * @module bench/settings — the settings screen and the invitation page: server render time of
 * `/w/:slug/settings` for a full workspace, and how long accepting an invitation takes from the click until the
 * workspace is on screen.
 *
 * SPEC §9 counts pending invitations against the 50 seats, so 50 members and 20 *pending* invitations cannot
 * coexist. The bench sends the 20 invitations first, then moves their expiry into the past (they still list,
 * marked expired, so the page renders as much) and fills the 50 seats with members.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SECRET_KEY, SERVICE_ROLE_KEY } from '@lanes/stack/keys';
import { chromium } from '@playwright/test';
import { percentile, round } from './stats.ts';
import { ALICE, service, type World } from './world.ts';

const ERIN = '55555555-5555-4555-8555-555555555555';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

async function createUser(world: World, email: string, name: string): Promise<string> {
  const response = await fetch(`${world.apiUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: SECRET_KEY,
      Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      email,
      password: 'password123',
      email_confirm: true,
      user_metadata: { display_name: name },
    }),
  });
  if (!response.ok) throw new Error(`create user ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

async function createWorkspace(world: World, slug: string): Promise<string> {
  const [workspace] = await service<{ id: string }[]>(world, 'workspaces', 'POST', {
    slug,
    name: `Bench ${slug}`,
    created_by: ALICE,
  });
  await service(world, 'workspace_members', 'POST', {
    workspace_id: workspace!.id,
    user_id: ALICE,
    role: 'owner',
  });
  return workspace!.id;
}

/** A workspace with `members` members (alice the owner) and `invitations` listed invitations; its settings path. */
export async function createFullWorkspace(world: World, members = 50, invitations = 20): Promise<string> {
  const slug = 'bench-settings';
  const workspaceId = await createWorkspace(world, slug);
  const rows = Array.from({ length: invitations }, (_, i) => ({
    workspace_id: workspaceId,
    email: `invitee-${i + 1}@bench.test`,
    role: 'member',
    token_hash: hash(randomBytes(32).toString('base64url')),
    invited_by: ALICE,
  }));
  for (const row of rows) await service(world, 'invitations', 'POST', row);
  await service(world, `invitations?workspace_id=eq.${workspaceId}`, 'PATCH', {
    expires_at: new Date(Date.now() - 60_000).toISOString(),
  });
  const roles = ['admin', 'member', 'member', 'viewer'] as const;
  for (let i = 1; i < members; i += 1) {
    const userId = await createUser(world, `member-${i}@bench.test`, `Member Number ${i}`);
    await service(world, 'workspace_members', 'POST', {
      workspace_id: workspaceId,
      user_id: userId,
      role: roles[i % 4],
    });
  }
  return `/w/${slug}/settings`;
}

export interface AcceptLatency {
  p50: number;
  p95: number;
  accepts: number;
}

/**
 * erin accepts `rounds` invitations to one workspace in a real browser (leaving again between rounds): from the
 * click on "Accept and join" until the workspace's page shows its heading.
 */
export async function measureAccept(world: World, erinCookie: string, rounds = 20): Promise<AcceptLatency> {
  const slug = 'bench-accept';
  const workspaceId = await createWorkspace(world, slug);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ baseURL: world.appUrl });
    await context.addCookies(
      erinCookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: world.appUrl };
      }),
    );
    const page = await context.newPage();
    const samples: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const token = randomBytes(32).toString('base64url');
      await service(world, 'invitations', 'POST', {
        workspace_id: workspaceId,
        email: 'erin@lanes.test',
        role: 'member',
        token_hash: hash(token),
        invited_by: ALICE,
      });
      await page.goto(`/invite/${token}`);
      const button = page.getByRole('button', { name: 'Accept and join' });
      await button.waitFor();
      const started = performance.now();
      await button.click();
      // The boards page of the workspace, not the invitation card ("Join Bench …").
      await page.getByRole('heading', { level: 1, name: `Bench ${slug}`, exact: true }).waitFor();
      samples.push(performance.now() - started);
      await service(world, `workspace_members?workspace_id=eq.${workspaceId}&user_id=eq.${ERIN}`, 'DELETE');
    }
    return {
      p50: round(percentile(samples, 50), 0),
      p95: round(percentile(samples, 95), 0),
      accepts: samples.length,
    };
  } finally {
    await browser.close();
  }
}
