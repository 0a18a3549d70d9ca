/**
 * @module bench/panel — the task panel's numbers: a panel URL's server render over a big task (50 comments, 10
 * attachments), a card opened client-side from click to the panel painted with its data, and a comment posted
 * in one browser until another browser with the same panel open shows it. Times in the pages are wall-clock
 * `Date.now()` of one machine, so both browsers share one clock.
 */
import { SECRET_KEY } from '@lanes/stack/keys';
import type { Page } from '@playwright/test';
import { png } from '../../../packages/data/tests/images.ts';
import { launch, open } from './move-latency.ts';
import { percentile, round } from './stats.ts';
import { ACME, ALICE, SEEDED_BOARD, service, type World } from './world.ts';

const CAROL = '33333333-3333-4333-8333-333333333333';

/** Gives the first task of `boardPath` 50 comments and 10 attachments (5 images, 5 PDFs); its panel URL. */
export async function fillTask(world: World, boardPath: string): Promise<string> {
  const boardId = boardPath.split('/').at(-1)!;
  const [task] = await service<{ id: string }[]>(
    world,
    `tasks?board_id=eq.${boardId}&select=id&order=number&limit=1`,
    'GET',
  );
  const taskId = task!.id;
  await service(
    world,
    'comments',
    'POST',
    Array.from({ length: 50 }, (_, i) => ({
      task_id: taskId,
      author_id: i % 2 ? ALICE : CAROL,
      body: `Comment ${i + 1}: a sentence or two of discussion about the task, as people write them.`,
    })),
  );
  for (let i = 0; i < 10; i += 1) {
    const image = i < 5;
    const name = image ? `shot-${i}.png` : `spec-${i}.pdf`;
    const bytes = image ? png(1200, 800) : new TextEncoder().encode(`%PDF-1.4\n${'x'.repeat(50_000)}`);
    const path = `${ACME}/${taskId}/${crypto.randomUUID()}/${name}`;
    const stored = await fetch(`${world.apiUrl}/storage/v1/object/attachments/${path}`, {
      method: 'POST',
      headers: { apikey: SECRET_KEY, 'Content-Type': image ? 'image/png' : 'application/pdf' },
      body: bytes,
    });
    if (!stored.ok) throw new Error(`upload ${name}: ${stored.status} ${await stored.text()}`);
    await service(world, 'attachments', 'POST', {
      task_id: taskId,
      object_path: path,
      file_name: name,
      mime_type: image ? 'image/png' : 'application/pdf',
      size_bytes: bytes.length,
      width: image ? 1200 : null,
      height: image ? 800 : null,
      uploaded_by: ALICE,
    });
  }
  return `${boardPath}/t/${taskId}`;
}

/** The panel URL of the seeded board's first task (with its seeded comments), for Lighthouse. */
export async function seededTaskPath(world: World): Promise<string> {
  const boardId = SEEDED_BOARD.split('/').at(-1)!;
  const [task] = await service<{ id: string }[]>(
    world,
    `tasks?board_id=eq.${boardId}&title=eq.Fix%20signup%20on%20Safari&select=id`,
    'GET',
  );
  return `${SEEDED_BOARD}/t/${task!.id}`;
}

interface Latency {
  p50: number;
  p95: number;
  samples: number;
}

const summary = (samples: number[]): Latency => ({
  p50: round(percentile(samples, 50), 0),
  p95: round(percentile(samples, 95), 0),
  samples: samples.length,
});

/**
 * Click on a card → the panel's dialog in the DOM with the task's title and comments, then one frame painted.
 * With `hoverMs`, the pointer rests on the card that long before the click, as a person's does when aiming
 * (the panel's read starts on that rest, decision 164); without, it lands and clicks at once.
 */
export async function measureOpenCard(
  appUrl: string,
  cookie: string,
  boardPath: string,
  { opens = 40, hoverMs = 0 } = {},
): Promise<Latency> {
  const browser = await launch();
  try {
    const page = await open(browser, appUrl, cookie, boardPath);
    const cards = page.locator('.lane-card-body');
    const samples: number[] = [];
    for (let i = 0; i < opens; i += 1) {
      const card = cards.nth(i % 5);
      const title = (await card.locator('.lane-card-title').textContent())!;
      await page.evaluate((title) => {
        const w = window as unknown as { paintedAt: number | null; clickAt: number };
        w.paintedAt = null;
        document.addEventListener('click', () => (w.clickAt = Date.now()), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          const dialog = document.querySelector('[role="dialog"]');
          if (dialog?.textContent?.includes(title) && dialog.querySelector('.comment-list, .panel-empty')) {
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => (w.paintedAt = Date.now()), 0));
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }, title);
      if (hoverMs > 0) {
        await card.hover();
        await page.waitForTimeout(hoverMs);
      }
      await card.click();
      await page.waitForFunction(
        () => (window as unknown as { paintedAt: number | null }).paintedAt !== null,
      );
      samples.push(
        await page.evaluate(() => {
          const w = window as unknown as { paintedAt: number; clickAt: number };
          return w.paintedAt - w.clickAt;
        }),
      );
      // Esc is the panel's own key: pressed before focus has moved in, it would reach the board instead.
      await page.waitForFunction(() =>
        document.querySelector('[role="dialog"]')?.contains(document.activeElement),
      );
      await page.keyboard.press('Escape');
      await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    }
    return summary(samples);
  } finally {
    await browser.close();
  }
}

async function panelLive(page: Page) {
  // The panel joins its task channel right after hydration; a first comment round trip proves it is on.
  await page.locator('[role="dialog"] #new-comment').waitFor();
}

/** A comment posted in A's panel (the wall clock at the click) → first seen in B's open panel. */
export async function measureCommentSeen(
  appUrl: string,
  cookies: { a: string; b: string },
  panelPath: string,
  comments = 20,
): Promise<Latency> {
  const browser = await launch();
  try {
    const a = await open(browser, appUrl, cookies.a, panelPath);
    const b = await open(browser, appUrl, cookies.b, panelPath);
    await Promise.all([panelLive(a), panelLive(b)]);
    const samples: number[] = [];
    // One warm-up comment that is not counted: it waits out both panels' channel joins.
    for (let i = -1; i < comments; i += 1) {
      const body = `Bench comment ${i} ${crypto.randomUUID().slice(0, 8)}`;
      await b.evaluate((body) => {
        const w = window as unknown as { seenAt: number | null };
        w.seenAt = null;
        const observer = new MutationObserver(() => {
          if (document.querySelector('[role="dialog"] .comment-list')?.textContent?.includes(body)) {
            w.seenAt = Date.now();
            observer.disconnect();
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }, body);
      await a.locator('#new-comment').fill(body);
      const sentAt = await a.evaluate(() => {
        (document.querySelector('.comment-new button[type="submit"]') as HTMLButtonElement).click();
        return Date.now();
      });
      await b.waitForFunction(() => (window as unknown as { seenAt: number | null }).seenAt !== null, null, {
        timeout: 10_000,
      });
      const seenAt = await b.evaluate(() => (window as unknown as { seenAt: number }).seenAt);
      if (i >= 0) samples.push(seenAt - sentAt);
      // A's own form settles (cleared) before the next comment.
      await a.waitForFunction(
        () => (document.querySelector('#new-comment') as HTMLTextAreaElement).value === '',
      );
    }
    return summary(samples);
  } finally {
    await browser.close();
  }
}

/**
 * Offline, a field changed in the open panel → the change shown on the board's card (issue 25: "offline → an
 * edit queued and shown ≤ 50 ms"). The priority picker (decision 200) alternates between High and Low, by
 * keyboard: the list is opened and the option focused first; the clock starts as Enter picks it and stops at
 * the first frame after the card's face says the new priority. The browser is offline throughout, so every
 * change goes to the board's write queue (decision 196).
 */
export async function measureOfflineEdit(
  appUrl: string,
  cookie: string,
  panelPath: string,
  edits = 20,
): Promise<Latency> {
  const browser = await launch();
  try {
    const page = await open(browser, appUrl, cookie, panelPath);
    const taskId = panelPath.split('/').at(-1)!;
    // The pickers mount when a person comes near the sidebar (decision 200); the measure is of theirs.
    await page.locator('[role="dialog"] .task-props').hover();
    await page.locator('[role="dialog"] .task-props[data-pickers="ready"]').waitFor({ state: 'attached' });
    await page.context().setOffline(true);
    const samples: number[] = [];
    const priority = page.locator('[role="dialog"] .task-props').getByRole('button', { name: /\bPriority$/ });
    for (let i = 0; i < edits; i += 1) {
      const value = i % 2 === 0 ? 'high' : 'low';
      await priority.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('listbox').waitFor();
      await page.keyboard.press(value === 'high' ? 'h' : 'l');
      await page.evaluate(
        ({ taskId, value }) => {
          const w = window as unknown as { changedAt: number | null; shownAt: number | null };
          w.changedAt = null;
          w.shownAt = null;
          document.addEventListener(
            'keydown',
            (event) => {
              if (event.key === 'Enter') w.changedAt = performance.now();
            },
            { capture: true, once: true },
          );
          // The card's face marks its priority with a class (`.priority-high`), outside the panel.
          const shown = () =>
            [...document.querySelectorAll(`[data-task-id="${taskId}"] .priority-${value}`)].some(
              (mark) => !mark.closest('[role="dialog"]'),
            );
          const observer = new MutationObserver(() => {
            if (!shown()) return;
            observer.disconnect();
            requestAnimationFrame(() => (w.shownAt = performance.now()));
          });
          observer.observe(document.body, { childList: true, subtree: true, attributes: true });
        },
        { taskId, value },
      );
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        () => (window as unknown as { shownAt: number | null }).shownAt !== null,
        null,
        {
          timeout: 10_000,
        },
      );
      samples.push(
        await page.evaluate(() => {
          const w = window as unknown as { changedAt: number; shownAt: number };
          return w.shownAt - w.changedAt;
        }),
      );
    }
    return summary(samples);
  } finally {
    await browser.close();
  }
}
