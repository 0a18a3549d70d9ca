/** The theme switch (persisted in a cookie, rendered by the server), the phone layout, columns that scroll on
 * their own and named presence avatars (decision 195). */
import { expectAccessible } from './accessibility.ts';
import { ACME_BOARD, ACME_ID, adminPost, expect, live, shot, signInQuickly, test } from './fixtures.ts';

test('the theme follows the system until switched, and the server renders the choice', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInQuickly(page, 'carol@lanes.test');
  await page.goto('/w');
  const html = page.locator('html');
  await expect(html).not.toHaveAttribute('data-theme', /.*/);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(17, 19, 23)');

  // The switch shows at once and saves the cookie in the background: wait for the save before reloading.
  const saved = page.waitForResponse(
    (r) => /^\/theme(\.data)?$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /Theme: system/ }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect((await saved).ok()).toBe(true);
  await expect.poll(background).toBe('rgb(255, 255, 255)');

  const response = await page.reload();
  expect(await response?.text()).toContain('<html lang="en" data-theme="light">');
  await page.getByRole('button', { name: /Theme: light/ }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // An explicit dark theme holds even when the system turns light.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(background).toBe('rgb(17, 19, 23)');
});

test('pages fit a phone screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto('/w/acme');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('a card page grows downwards: its card keeps its place whatever arrives below (no shift while it streams)', async ({
  page,
}) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/sign-in');
    const card = page.locator('.auth-card');
    const top = () => card.evaluate((el) => el.getBoundingClientRect().top);
    const before = await top();
    // What a slow link or a parser pausing mid-card adds later: the card grows, nothing above it moves.
    await card.evaluate((el) =>
      el.append(Object.assign(document.createElement('div'), { style: 'height: 300px' })),
    );
    expect(await top()).toBe(before);
    expect(before).toBeGreaterThan(0);
  }
});

test('on a desktop a long column scrolls on its own: the page keeps its height and "Add a task" stays in view', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const [board] = (await adminPost('/rest/v1/boards', {
    workspace_id: ACME_ID,
    name: `Long ${Date.now()}`,
  })) as {
    id: string;
  }[];
  const [column] = (await adminPost('/rest/v1/columns', { board_id: board!.id, name: 'Backlog' })) as {
    id: string;
  }[];
  await adminPost(
    '/rest/v1/tasks',
    Array.from({ length: 40 }, (_, i) => ({
      board_id: board!.id,
      column_id: column!.id,
      title: `Card ${i + 1}`,
    })),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(`/w/acme/b/${board!.id}?cards=all`);
  await live(page);
  const cards = page.locator('.lane-cards').first();
  await expect(cards.locator('.lane-card-body')).toHaveCount(40);
  // The page is no taller than the screen; the column's list is what scrolls.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(800);
  expect(await cards.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect(page.locator('.lane .inline-add input[name="value"]').first()).toBeInViewport();
  await cards.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(page.getByText('Card 40', { exact: true })).toBeInViewport();
  await expect(page.getByRole('heading', { name: /Backlog/ })).toBeInViewport();
  await shot(page, 'look/board-long-light.png');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'look/board-long-dark.png');
});

test('presence avatars carry names: "Carol Member is viewing", axe clean in light and dark', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(ACME_BOARD);
  await live(page);
  const context = await browser.newContext({ baseURL: process.env.E2E_APP_URL });
  const carol = await context.newPage();
  await signInQuickly(carol, 'carol@lanes.test');
  await carol.goto(ACME_BOARD);
  // A second browser joining on a busy machine can take longer than the default wait.
  await expect(carol.locator('.board[data-connection="live"]')).toBeAttached({ timeout: 30_000 });
  const avatar = page
    .getByRole('list', { name: 'Also viewing' })
    .getByRole('img', { name: 'Carol Member is viewing' });
  await expect(avatar).toHaveAttribute('title', 'Carol Member is viewing');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `board with a viewer (${colorScheme})`);
    await shot(page, `look/board-${colorScheme}.png`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'look/board-phone-dark.png');
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, 'look/board-phone-light.png');
  await context.close();
});
