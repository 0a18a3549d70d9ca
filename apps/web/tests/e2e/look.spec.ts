/** The theme switch (persisted in a cookie, rendered by the server) and the phone layout. */
import { expect, signInQuickly, test } from './fixtures.ts';

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
