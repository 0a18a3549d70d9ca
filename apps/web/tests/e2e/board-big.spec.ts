/**
 * A big board: the first HTML holds the first 20 cards of each column (and says how many there are), the
 * browser fills in the rest as soon as it is live, and without JavaScript a link loads every card.
 */

import type { Locator } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { adminPost, expect, keyboardMove, live, signInQuickly, test } from './fixtures.ts';

const ACME = 'a0000000-0000-4000-8000-000000000001';
const ALICE = '11111111-1111-4111-8111-111111111111';

async function service<T>(table: string, body: unknown): Promise<T> {
  return (await adminPost(`/rest/v1/${table}`, body)) as T;
}

/**
 * A board of `count` cards, in one column (Backlog) or spread over several, made by the service role; `faces`
 * gives the cards a priority and a due date now and then, as the bench's boards have.
 */
async function bigBoard(count: number, columns = ['Backlog'], faces = false): Promise<string> {
  const [board] = await service<{ id: string }[]>('boards', {
    workspace_id: ACME,
    name: `Big ${Date.now().toString(36)}`,
  });
  const made: { id: string }[] = [];
  // One at a time: each new column goes to the end, so they stand in the order named.
  for (const name of columns)
    made.push(...(await service<{ id: string }[]>('columns', { board_id: board!.id, name })));
  await service(
    'tasks',
    Array.from({ length: count }, (_, i) => ({
      board_id: board!.id,
      column_id: made[i % made.length]!.id,
      title: faces ? `Card ${i + 1} with a realistic title` : `Card ${i + 1}`,
      ...(faces
        ? {
            priority: (['none', 'low', 'medium', 'high', 'urgent'] as const)[i % 5],
            due_on: i % 4 === 0 ? '2026-12-01' : null,
            assignee_id: i % 3 === 0 ? ALICE : null,
          }
        : {}),
    })),
  );
  return `/w/acme/b/${board!.id}`;
}

test('the first HTML holds the first cards; the rest arrive once live, with nothing lost', async ({
  page,
}) => {
  const path = await bigBoard(45);
  await signInQuickly(page, 'alice@lanes.test');
  const html = await (await page.request.get(path)).text();
  expect(html).toContain('>Card 20<');
  expect(html).not.toContain('>Card 21<');
  expect(html).toContain('Show all <!-- -->45<!-- --> tasks');

  await page.goto(path);
  await live(page);
  await expect(page.locator('.lane-card-title')).toHaveCount(45);
  await expect(page.locator('.lane-card-title').last()).toHaveText('Card 45');
  await expect(page.getByRole('link', { name: /Show all/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Backlog/ })).toContainText('45');
  await expectAccessible(page, 'a big board');
});

test('cards dragged a frame at a time across columns and up, then let go with Esc, leave the board whole', async ({
  page,
}) => {
  // Four drags of 60 frames each: slow on purpose, and longer than a test's usual 30 s on a loaded machine.
  test.setTimeout(90_000);
  // Found by bench/drag.ts: a drag that crossed into the next column and went up its cards, then Esc, moved
  // the card between two columns on every render once the pointer was over no card, and React stopped the
  // board with "Maximum update depth exceeded" (error 185).
  const path = await bigBoard(90, ['One', 'Two', 'Three'], true);
  await signInQuickly(page, 'alice@lanes.test');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(path);
  await live(page);
  await expect(page.locator('.lane-card-title')).toHaveCount(90);
  const lane = (n: number) => page.locator('[data-column-id]').nth(n);
  const centre = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const frame = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
  for (const n of [0, 1, 0, 1]) {
    const start = await centre(lane(n).locator('.lane-card').nth(2));
    const end = await centre(
      lane(n + 1)
        .locator('.lane-card')
        .nth(4),
    );
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 10, start.y + 10);
    await expect(page.locator('.lane-card.is-dragging')).toHaveCount(1);
    for (let step = 1; step <= 60; step += 1) {
      const t = step / 60;
      const x = start.x + (end.x - start.x) * Math.min(1, t * 2);
      const y = start.y + (end.y - start.y) * Math.min(1, t * 2) - Math.max(0, t - 0.5) * 200;
      await page.mouse.move(x, y);
      await frame();
    }
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await expect(page.locator('.lane-card.is-dragging')).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  // Both drags were let go with Esc: every card is where it was.
  for (const n of [0, 1, 2]) await expect(lane(n).locator('.lane-card-title')).toHaveCount(30);
  await expect(lane(0).locator('.lane-card-title').nth(2)).toHaveText('Card 7 with a realistic title');
  await expect(lane(1).locator('.lane-card-title').nth(2)).toHaveText('Card 8 with a realistic title');
});

/**
 * Only cards near a column's view hold a dnd-kit sortable (decision 207); the others take one as they come
 * near, focused or pressed, and keep their elements meanwhile.
 */
test.describe('a 150-card column', () => {
  test.beforeEach(async ({ page }) => {
    test.setTimeout(90_000);
    const path = await bigBoard(150, ['One', 'Two'], true);
    await signInQuickly(page, 'alice@lanes.test');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await live(page);
    await expect(page.locator('.lane-card-title')).toHaveCount(150);
  });

  const titleIs = (title: string) => new RegExp(`^${title}$`);

  test('a far card scrolled into view and clicked at once opens its panel', async ({ page }) => {
    // Playwright scrolls each card into view and clicks it straight away: a card that became a new element
    // as it arrived lost that click (decision 206).
    for (const n of [141, 89, 117]) {
      const title = `Card ${n} with a realistic title`;
      await page
        .locator('.lane-card-body')
        .filter({ has: page.locator('.lane-card-title', { hasText: titleIs(title) }) })
        .click();
      const panel = page.getByRole('dialog');
      await expect(panel.getByRole('heading', { name: title })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
    }
  });

  test('a card moved by keyboard far down its column, then to the next one, stays moved', async ({
    page,
  }) => {
    const lane = (n: number) => page.locator('[data-column-id]').nth(n).locator('.lane-card-title');
    // The cards alternate between the columns: One holds cards 1, 3, 5 …, Two holds 2, 4, 6 ….
    const moved = 'Card 3 with a realistic title';
    await expect(lane(0).nth(1)).toHaveText(moved);
    await keyboardMove(page, moved, Array(30).fill('ArrowDown'));
    // Thirty places down, past every card that held a sortable when it was picked up.
    await expect(lane(0).nth(31)).toHaveText(moved);
    await expect(lane(0).nth(30)).toHaveText('Card 63 with a realistic title');
    await keyboardMove(page, moved, ['ArrowRight']);
    await expect(lane(1).filter({ hasText: titleIs(moved) })).toHaveCount(1);
    await expect(lane(0)).toHaveCount(74);
    await page.reload();
    await live(page);
    await expect(lane(1).filter({ hasText: titleIs(moved) })).toHaveCount(1);
    await expect(lane(0)).toHaveCount(74);
    await expect(lane(1)).toHaveCount(76);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the column says how many cards it holds and a link shows them all', async ({ page }) => {
    const path = await bigBoard(25);
    await signInQuickly(page, 'alice@lanes.test');
    await page.goto(path);
    await expect(page.locator('.lane-card-title')).toHaveCount(20);
    await expect(page.getByRole('heading', { name: /^Backlog/ })).toContainText('25');
    await page.getByRole('link', { name: 'Show all 25 tasks' }).click();
    await expect(page).toHaveURL(/cards=all/);
    await expect(page.locator('.lane-card-title')).toHaveCount(25);
  });
});
