/**
 * Issue 9 §4 in the browser: emailed links open in another browser than the one that asked, a magic link for an
 * unknown address answers like a known one, /reset-password explains a password that breaks the rules, and a
 * `next` that leaves the site is ignored after signing in.
 */
import { emailedLink, expect, signIn, test } from './fixtures.ts';

test('a magic link opens in another browser context than the one that asked for it', async ({
  page,
  browser,
}) => {
  await page.goto('/sign-in?next=/w/acme');
  await page.getByLabel('Email').fill('bob@lanes.test');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText(/we emailed a sign-in link/)).toBeVisible();
  const link = await emailedLink('bob@lanes.test', /magic link/i);

  // The "phone's mail app": a context with none of the first one's cookies.
  const phone = await browser.newContext({ baseURL: process.env.E2E_APP_URL });
  const other = await phone.newPage();
  await other.goto(link);
  await expect(other).toHaveURL(/\/w$/);
  await expect(other.getByRole('link', { name: /Acme/ })).toBeVisible();
  await phone.close();
});

test('a magic link for an address without an account answers "check your inbox" as for a known one', async ({
  page,
}) => {
  for (const email of ['nobody-here@lanes.test', 'carol@lanes.test']) {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByText(/we emailed a sign-in link/)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  }
});

test('/reset-password shows the password rules inline, with and without JavaScript', async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ baseURL: process.env.E2E_APP_URL, javaScriptEnabled });
    const page = await context.newPage();
    await signIn(page, 'erin@lanes.test');
    await expect(page).toHaveURL(/\/w$/);
    await page.goto('/reset-password');
    const field = page.getByLabel('New password');
    for (const weak of ['short1', 'onlyletters']) {
      await field.fill(weak);
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expect(page.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(/at least 8 characters|letter and one digit|digit/i).first()).toBeVisible();
    }
    await context.close();
  }
});

test('a next that leaves the site is ignored after signing in', async ({ page }) => {
  for (const next of [
    '/.//evil.example/phish',
    '/w/../..//evil.example',
    '/%2F%2Fevil.example',
    '/\\evil.example',
  ]) {
    await page.context().clearCookies();
    await signIn(page, 'dave@lanes.test', undefined, `/sign-in?next=${encodeURIComponent(next)}`);
    await expect(page).toHaveURL(/\/w$/);
  }
});
