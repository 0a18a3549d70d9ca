/**
 * Watching a board (issue 23, decision 189): "Watch board" from the board menu by keyboard turns into "Stop
 * watching board" at once and after a reload; a new task by someone else reaches the watcher's inbox. Without
 * JavaScript the plain form does the same. Axe on the board in both themes.
 */
import { expectAccessible } from './accessibility.ts';
import { ACME_BOARD, admin, adminPost, createAccount, expect, signInQuickly, test } from './fixtures.ts';

test.describe.configure({ timeout: 60_000 });

const BOARD_ID = ACME_BOARD.split('/').at(-1)!;

/** A task in the seeded board's To do column made by `by` (the service key writes it; `created_by` is the actor). */
async function taskBy(by: string, title: string) {
  const [todo] = (await admin(`/rest/v1/columns?board_id=eq.${BOARD_ID}&name=eq.To%20do&select=id`, {
    method: 'GET',
  })) as { id: string }[];
  await adminPost('/rest/v1/tasks', { board_id: BOARD_ID, column_id: todo!.id, title, created_by: by });
}

test('the board menu watches the board by keyboard; a new task reaches the inbox', async ({ page }) => {
  const bob = await createAccount('Bob Baker', 'viewer');
  const carol = await createAccount('Carol Chen', 'member');
  await signInQuickly(page, bob.email);
  await page.goto(ACME_BOARD);
  const menuButton = page.getByRole('button', { name: 'Board actions' });
  await menuButton.focus();
  await menuButton.press('ArrowDown');
  const watch = page.getByRole('menuitem', { name: 'Watch board' });
  await watch.focus();
  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(BOARD_ID));
  await watch.press('Enter');
  expect((await posted).ok()).toBe(true);
  await expect(menuButton).toBeFocused();
  await menuButton.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Stop watching board' })).toBeVisible();
  await page.keyboard.press('Escape');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `board after watching (${colorScheme})`);
  }

  await taskBy(carol.id, 'Order the banners');
  await page.goto('/inbox');
  await expect(page.getByRole('link', { name: /Carol Chen added this to a board you watch/ })).toBeVisible();

  // Stored, not just shown: after a reload the menu still says so, and stopping works the same way.
  await page.goto(ACME_BOARD);
  await menuButton.click();
  const stopped = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(BOARD_ID));
  await page.getByRole('menuitem', { name: 'Stop watching board' }).click();
  expect((await stopped).ok()).toBe(true);
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'Watch board' })).toBeVisible();
  await page.reload();
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'Watch board' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain form watches and stops watching', async ({ page }) => {
    const dana = await createAccount('Dana Diaz', 'member');
    await signInQuickly(page, dana.email);
    await page.goto(ACME_BOARD);
    await page.getByRole('button', { name: 'Watch board' }).click();
    await expect(page).toHaveURL(new RegExp(`${ACME_BOARD}$`));
    await expect(page.getByRole('button', { name: 'Stop watching board' })).toBeVisible();
    await page.getByRole('button', { name: 'Stop watching board' }).click();
    await expect(page.getByRole('button', { name: 'Watch board' })).toBeVisible();
  });
});
