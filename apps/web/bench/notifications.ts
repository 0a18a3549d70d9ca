/**
 * @module bench/notifications — the bell and the inbox (decision 180): how soon a mention typed and sent in one
 * browser changes the recipient's bell in another (a MutationObserver on the bell's `data-unread`, both pages
 * on this machine so their `Date.now()` share one clock), and the server render of `/inbox` for a person with
 * 500 notifications.
 */
import type { Page } from '@playwright/test';
import { launch } from './move-latency.ts';
import { percentile, round } from './stats.ts';
import { ACME, ALICE, service, type World } from './world.ts';

const CAROL = '33333333-3333-4333-8333-333333333333';

/** Gives alice `count` notifications (mentions by carol) spread over the tasks of `boardPath`'s board. */
export async function fillInbox(world: World, boardPath: string, count = 500): Promise<void> {
  const boardId = boardPath.split('/').at(-1)!;
  const tasks = await service<{ id: string }[]>(
    world,
    `tasks?board_id=eq.${boardId}&select=id&limit=100`,
    'GET',
  );
  const start = Date.now() - count * 60_000;
  const rows = Array.from({ length: count }, (_, i) => {
    const at = new Date(start + i * 60_000).toISOString();
    return {
      user_id: ALICE,
      kind: (['mentioned', 'commented', 'assigned', 'completed'] as const)[i % 4],
      workspace_id: ACME,
      task_id: tasks[i % tasks.length]!.id,
      actor_id: CAROL,
      data: i % 4 === 1 ? { count: 2 } : {},
      read_at: i % 3 === 0 ? at : null,
      created_at: at,
      updated_at: at,
    };
  });
  for (let i = 0; i < rows.length; i += 100)
    await service(world, 'notifications', 'POST', rows.slice(i, i + 100));
}

async function signedIn(page: Page, appUrl: string, cookie: string) {
  await page.context().addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: appUrl };
    }),
  );
}

export interface BellLatency {
  p50: number;
  p95: number;
  samples: number;
  /** Sent → the comment action's answer reached the sender: the share of the time before the broadcast. */
  action: { p50: number; p95: number };
}

/**
 * `sender` writes "@<handle> …" in the task's comment box and sends it with Ctrl+Enter (the clock is read when
 * that key goes down); the recipient's page (`/w`, its bell live) notes when its bell's count first changes.
 */
export async function measureMentionToBell(
  world: World,
  cookies: { sender: string; recipient: string },
  taskPath: string,
  handle: string,
  rounds = 20,
): Promise<BellLatency> {
  const browser = await launch();
  try {
    const a = await (await browser.newContext({ baseURL: world.appUrl })).newPage();
    await signedIn(a, world.appUrl, cookies.sender);
    const b = await (await browser.newContext({ baseURL: world.appUrl })).newPage();
    await signedIn(b, world.appUrl, cookies.recipient);
    await b.goto('/w');
    await b.locator('.header-bell[data-live="true"]').waitFor({ state: 'attached' });
    await a.goto(taskPath);
    const box = a.locator('#new-comment');
    await box.waitFor();
    await a.evaluate(() => {
      document.addEventListener(
        'keydown',
        (e) => {
          if (e.key === 'Enter' && e.ctrlKey) (window as unknown as { sentAt: number }).sentAt = Date.now();
        },
        true,
      );
    });
    // The action's answer arrives after the comment's transaction committed (its triggers sent the broadcast).
    let answeredAt = 0;
    a.on('response', (response) => {
      if (response.request().method() === 'POST') answeredAt = Date.now();
    });
    const samples: number[] = [];
    const actions: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      await b.evaluate(() => {
        const w = window as unknown as { changedAt: number | null };
        w.changedAt = null;
        const bell = document.querySelector('.header-bell')!;
        const observer = new MutationObserver(() => {
          w.changedAt = Date.now();
          observer.disconnect();
        });
        observer.observe(bell, { attributes: true, attributeFilter: ['data-unread'] });
      });
      await box.fill(`@${handle} round ${i + 1}, have a look`);
      await box.press('Control+Enter');
      await b.waitForFunction(
        () => (window as unknown as { changedAt: number | null }).changedAt !== null,
        null,
        {
          timeout: 10_000,
        },
      );
      const sentAt = await a.evaluate(() => (window as unknown as { sentAt: number }).sentAt);
      const changedAt = await b.evaluate(() => (window as unknown as { changedAt: number }).changedAt);
      samples.push(changedAt - sentAt);
      // The box empties once the server took the comment: the next round starts after that.
      await a.waitForFunction(
        () => (document.querySelector('#new-comment') as HTMLTextAreaElement).value === '',
      );
      actions.push(answeredAt - sentAt);
    }
    return {
      p50: round(percentile(samples, 50), 0),
      p95: round(percentile(samples, 95), 0),
      samples: samples.length,
      action: { p50: round(percentile(actions, 50), 0), p95: round(percentile(actions, 95), 0) },
    };
  } finally {
    await browser.close();
  }
}
