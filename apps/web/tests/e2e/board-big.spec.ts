/**
 * A big board: the first HTML holds the first 20 cards of each column (and says how many there are), the
 * browser fills in the rest as soon as it is live, and without JavaScript a link loads every card.
 */

import { expectAccessible } from './accessibility.ts';
import { adminPost, expect, live, signInQuickly, test } from './fixtures.ts';

const ACME = 'a0000000-0000-4000-8000-000000000001';

async function service<T>(table: string, body: unknown): Promise<T> {
  return (await adminPost(`/rest/v1/${table}`, body)) as T;
}

/** A board with one column of `count` cards, made by the service role as the bench does. */
async function bigBoard(count: number): Promise<string> {
  const [board] = await service<{ id: string }[]>('boards', {
    workspace_id: ACME,
    name: `Big ${Date.now().toString(36)}`,
  });
  const [column] = await service<{ id: string }[]>('columns', { board_id: board!.id, name: 'Backlog' });
  await service(
    'tasks',
    Array.from({ length: count }, (_, i) => ({
      board_id: board!.id,
      column_id: column!.id,
      title: `Card ${i + 1}`,
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
