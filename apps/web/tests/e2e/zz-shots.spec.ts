import { expect, signInQuickly, test } from './fixtures.ts';

const BOARD = '/w/acme/b/b0000000-0000-4000-8000-000000000001';
test.describe.configure({ timeout: 90_000 });

test('shots', async ({ page }) => {
  await signInQuickly(page, 'alice@lanes.test');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(BOARD);
  await page.locator('.lane-card-body').filter({ hasText: 'Fix signup on Safari' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/light.png' });
  await page.getByRole('dialog').evaluate((d) => d.scrollTo(0, 10000));
  await page.screenshot({ path: '/tmp/shots/light-bottom.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('dialog').evaluate((d) => d.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/shots/dark.png' });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: '/tmp/shots/phone-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Edit description' }).click();
  await page.screenshot({ path: '/tmp/shots/phone-edit.png' });
  await signInQuickly(page, 'dave@lanes.test');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${BOARD}`);
  await page.locator('.lane-card-body').filter({ hasText: 'Pricing page copy' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/viewer-empty.png' });
});
