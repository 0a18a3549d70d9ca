/** Every screen of the app passes axe (no serious or critical violation), in the light and the dark theme. */
import { expectAccessible } from './accessibility.ts';
import { expect, signInQuickly, test } from './fixtures.ts';

const publicPages = ['/', '/sign-in', '/sign-up', '/forgot-password', '/no-such-page'];
const signedInPages = ['/w', '/w/acme'];

for (const colorScheme of ['light', 'dark'] as const) {
  test(`public pages pass axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    for (const path of publicPages) {
      await page.goto(path);
      await expectAccessible(page, `${path} (${colorScheme})`);
    }
  });

  test(`signed-in pages and a board pass axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await signInQuickly(page, 'alice@lanes.test');
    for (const path of signedInPages) {
      await page.goto(path);
      await expectAccessible(page, `${path} (${colorScheme})`);
    }
    await page.goto('/w/acme/b/b0000000-0000-4000-8000-000000000001');
    await expect(page.getByRole('heading', { level: 1, name: 'Product launch' })).toBeVisible();
    await expectAccessible(page, `a board (${colorScheme})`);
  });
}
