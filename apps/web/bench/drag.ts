/**
 * @module bench/drag — dragging on a big board (issue 25's aims): the time between frames while a card is
 * dragged by the pointer across columns, and the time from the key that picks a card up to the first frame
 * painted after the card shows it is lifted (`aria-pressed`).
 *
 * Frame time is the gap between `requestAnimationFrame` callbacks while the pointer moves one step per frame, as
 * a person's does; 16.7 ms is a frame every vsync, and a long gap is a frame the person saw late. The pointer is
 * moved from the test runner, so a step waits for the page to take it: a long frame delays the next step, as it
 * would delay a person's next pointer event.
 */
import type { Page } from '@playwright/test';
import { launch, open } from './move-latency.ts';
import { percentile, round } from './stats.ts';

export interface DragFrames {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  /** Frames over 50 ms (a visible hitch). */
  over50: number;
}

export interface PickUp {
  samples: number;
  p50: number;
  p95: number;
}

/** Until every card of the board is on the page (the first HTML holds 20 a column; the rest arrive live). */
async function allCards(page: Page, count: number) {
  await page.waitForFunction((n) => document.querySelectorAll('[data-task-id]').length >= n, count, {
    timeout: 60_000,
  });
}

async function centre(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * `drags` pointer drags, each from the third card of a column to the fifth card of the next one and back up,
 * 60 steps a drag, one per frame; each drag is cancelled with Esc at the end so the board stays as it was.
 */
export async function measureDragFrames(
  appUrl: string,
  cookie: string,
  boardPath: string,
  cards: number,
  { drags = 6 } = {},
): Promise<DragFrames> {
  const browser = await launch();
  try {
    const page = await open(browser, appUrl, cookie, boardPath);
    await page.setViewportSize({ width: 1440, height: 900 });
    // A drag that breaks the board (it did: React error 185) is a failure, not a slow frame.
    const broke: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') broke.push(message.text().split('\n')[0]!);
    });
    await allCards(page, cards);
    const gaps: number[] = [];
    for (let i = 0; i < drags; i += 1) {
      const from = `[data-column-id]:nth-child(${(i % 2) + 1}) [data-task-id]:nth-child(3) .lane-card-body`;
      const to = `[data-column-id]:nth-child(${(i % 2) + 2}) [data-task-id]:nth-child(5)`;
      const start = await centre(page, from);
      const end = await centre(page, to);
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      // Past the 4 px activation distance: the drag has started before frames are counted.
      await page.mouse.move(start.x + 10, start.y + 10);
      await page.locator('.lane-card.is-dragging').waitFor();
      await page.evaluate(() => {
        const w = window as unknown as { frameGaps: number[]; frameStop: boolean };
        w.frameGaps = [];
        w.frameStop = false;
        let last = performance.now();
        const tick = (now: number) => {
          w.frameGaps.push(now - last);
          last = now;
          if (!w.frameStop) requestAnimationFrame(tick);
        };
        requestAnimationFrame((now) => {
          last = now;
          requestAnimationFrame(tick);
        });
      });
      const steps = 60;
      for (let s = 1; s <= steps; s += 1) {
        // Over to the next column, then up its cards: the placeholder moves through the list as it goes.
        const t = s / steps;
        const x = start.x + (end.x - start.x) * Math.min(1, t * 2);
        const y = start.y + (end.y - start.y) * Math.min(1, t * 2) - Math.max(0, t - 0.5) * 200;
        await page.mouse.move(x, y);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
      }
      gaps.push(
        ...(await page.evaluate(() => {
          const w = window as unknown as { frameGaps: number[]; frameStop: boolean };
          w.frameStop = true;
          return w.frameGaps;
        })),
      );
      await page.keyboard.press('Escape');
      await page.mouse.up();
      await page.locator('.lane-card.is-dragging').waitFor({ state: 'detached' });
      if (broke.length > 0) throw new Error(`the board broke while dragging: ${broke.join('; ')}`);
    }
    return {
      frames: gaps.length,
      p50: round(percentile(gaps, 50)),
      p95: round(percentile(gaps, 95)),
      max: round(Math.max(...gaps)),
      over50: gaps.filter((gap) => gap > 50).length,
    };
  } finally {
    await browser.close();
  }
}

/**
 * Space on a focused card → the first frame after the card says it is lifted; Esc puts it down again. The time
 * runs from the key event's own time stamp, so it includes the browser's wait to dispatch it.
 */
export async function measurePickUp(
  appUrl: string,
  cookie: string,
  boardPath: string,
  cards: number,
  { picks = 20 } = {},
): Promise<PickUp> {
  const browser = await launch();
  try {
    const page = await open(browser, appUrl, cookie, boardPath);
    await allCards(page, cards);
    const samples: number[] = [];
    for (let i = 0; i < picks; i += 1) {
      const card = page.locator('[data-column-id] .lane-card-body').nth((i * 7) % 40);
      await card.focus();
      await page.evaluate(() => {
        const w = window as unknown as { pickedIn: number | null };
        w.pickedIn = null;
        let pressed = 0;
        document.addEventListener('keydown', (event) => (pressed = event.timeStamp), {
          capture: true,
          once: true,
        });
        const observer = new MutationObserver(() => {
          if (!document.querySelector('.lane-card-body[aria-pressed="true"]')) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => (w.pickedIn = performance.now() - pressed), 0));
        });
        observer.observe(document.body, {
          subtree: true,
          attributes: true,
          attributeFilter: ['aria-pressed'],
        });
      });
      await page.keyboard.press('Space');
      await page.waitForFunction(() => (window as unknown as { pickedIn: number | null }).pickedIn !== null);
      samples.push(await page.evaluate(() => (window as unknown as { pickedIn: number }).pickedIn));
      await page.keyboard.press('Escape');
      await page.locator('.lane-card-body[aria-pressed="true"]').waitFor({ state: 'detached' });
    }
    return {
      samples: samples.length,
      p50: round(percentile(samples, 50)),
      p95: round(percentile(samples, 95)),
    };
  } finally {
    await browser.close();
  }
}
