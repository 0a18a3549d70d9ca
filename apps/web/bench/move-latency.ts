/**
 * @module bench/move-latency — how long until a teammate sees a move: two browser contexts on one board; A drops
 * a card with the keyboard (the wall clock is read in A's page when the dropping key goes down), B's page
 * notes the wall clock when a MutationObserver first sees the card in its new column. Both pages run on this
 * machine, so their `Date.now()` share one clock.
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { percentile, round } from './stats.ts';

export interface MoveLatency {
  p50: number;
  p95: number;
  moves: number;
}

/** Debian's Chromium, as the e2e tests use it. */
export const launch = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });

/** A page of `path` signed in with `cookie`, once its board is live. */
export async function open(browser: Browser, appUrl: string, cookie: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: appUrl });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: appUrl };
    }),
  );
  const page = await context.newPage();
  await page.goto(path);
  await page.locator('.board[data-connection="live"]').waitFor({ state: 'attached' });
  return page;
}

export async function measureMoves(
  appUrl: string,
  cookies: { a: string; b: string },
  path: string,
  moves = 20,
): Promise<MoveLatency> {
  const browser = await launch();
  try {
    const a = await open(browser, appUrl, cookies.a, path);
    const b = await open(browser, appUrl, cookies.b, path);
    const columns = await a
      .locator('[data-column-id]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-column-id')!));
    const card = a.locator('[data-column-id] .lane-card').first();
    const taskId = (await card.getAttribute('data-task-id'))!;
    await a.evaluate(() => {
      document.addEventListener(
        'keydown',
        (e) => {
          if (e.code === 'Space') (window as unknown as { dropAt: number }).dropAt = Date.now();
        },
        true,
      );
    });
    const samples: number[] = [];
    for (let i = 0; i < moves; i += 1) {
      const target = columns[(i + 1) % 2]!;
      await b.evaluate(
        ({ taskId, target }) => {
          const w = window as unknown as { seenAt: number | null };
          w.seenAt = null;
          const seen = () =>
            document.querySelector(`[data-column-id="${target}"] [data-task-id="${taskId}"]`);
          const observer = new MutationObserver(() => {
            if (seen()) {
              w.seenAt = Date.now();
              observer.disconnect();
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
        },
        { taskId, target },
      );
      const handle = a.locator(`[data-task-id="${taskId}"] .lane-card-body`);
      await handle.focus();
      await a.keyboard.press('Space');
      await a.waitForTimeout(200);
      await a.keyboard.press(i % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
      await a.waitForTimeout(200);
      await a.keyboard.press('Space');
      await b.waitForFunction(() => (window as unknown as { seenAt: number | null }).seenAt !== null, null, {
        timeout: 10_000,
      });
      const dropAt = await a.evaluate(() => (window as unknown as { dropAt: number }).dropAt);
      const seenAt = await b.evaluate(() => (window as unknown as { seenAt: number }).seenAt);
      samples.push(seenAt - dropAt);
      // Let A's own write settle before the next move.
      await a.waitForTimeout(300);
    }
    return {
      p50: round(percentile(samples, 50), 0),
      p95: round(percentile(samples, 95), 0),
      moves: samples.length,
    };
  } finally {
    await browser.close();
  }
}
