/**
 * Issue 25 in Chromium: a password or email change needs the current password (wrong: a field error and
 * nothing changes); `/?deleted=1` confirms a deletion; a member demoted by the owner in another browser sees
 * the board turn read-only live, and once removed is sent to their workspaces with a message; an archived board
 * says it is archived rather than blaming the role. Axe on each changed screen in both themes.
 */
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import {
  ACME_BOARD,
  ACME_ID,
  admin,
  adminPost,
  card,
  createAccount,
  expect,
  live,
  PASSWORD,
  signIn,
  signInQuickly,
  test,
} from './fixtures.ts';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_APP_URL });
  return context.newPage();
}

/** One of the account page's forms, by its heading (both security forms ask for the current password). */
const accountForm = (page: Page, heading: string) =>
  page.locator('form').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

/** Axe in the light theme, then in the dark one. */
async function accessibleInBothThemes(page: Page, label: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `${label} (${colorScheme})`);
  }
}

test('changing the password or the email needs the current password', async ({ page }) => {
  test.setTimeout(60_000);
  const me = await createAccount('Sam Safety');
  await signInQuickly(page, me.email);
  await page.goto('/account');

  const password = accountForm(page, 'Password');
  await password.getByLabel('Current password').fill('not-my-password-1');
  await password.getByLabel('New password').fill('brand-new-pass-3');
  await password.getByRole('button', { name: 'Change password' }).click();
  const current = password.getByLabel('Current password');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toBeFocused();
  await expect(password.getByText('That is not your current password.')).toBeVisible();

  const email = accountForm(page, 'Email address');
  await email.getByLabel('New email address').fill('sam-elsewhere@lanes.test');
  await email.getByLabel('Current password').fill('still-not-it-2');
  await email.getByRole('button', { name: 'Change email' }).click();
  await expect(email.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  // What was typed is still there; the address did not change.
  await expect(email.getByLabel('New email address')).toHaveValue('sam-elsewhere@lanes.test');
  await expect(page.getByText(`Now ${me.email}.`, { exact: false })).toBeVisible();
  await accessibleInBothThemes(page, '/account with a wrong current password');

  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByLabel('New password').fill('brand-new-pass-3');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Password changed.')).toBeVisible();

  // The refused attempts changed nothing; the accepted one did.
  await page.context().clearCookies();
  await signIn(page, me.email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Wrong email or password');
  await signIn(page, me.email, 'brand-new-pass-3');
  await expect(page).toHaveURL(/\/w$/);
});

test('the current-password check is a sign-in attempt: ten wrong guesses, then 429 even for the right one', async ({
  page,
}) => {
  const me = await createAccount('Guess Limit');
  await signInQuickly(page, me.email);
  const post = (currentPassword: string) =>
    page.request.post('/account', {
      form: { intent: 'password', currentPassword, password: 'brand-new-pass-3' },
      maxRedirects: 0,
    });
  for (let i = 0; i < 10; i += 1) expect((await post(`wrong-guess-${i}`)).status()).toBe(400);
  const limited = await post(PASSWORD);
  expect(limited.status()).toBe(429);
  expect(await limited.text()).toMatch(/Too many attempts\. Please wait 1[45] minutes and try again\./);
  // The same buckets as the sign-in page (decision 069): from this address it waits too.
  await page.context().clearCookies();
  await signIn(page, me.email, 'brand-new-pass-3');
  await expect(page.getByRole('alert')).toContainText('Too many attempts');
});

test('the landing page confirms a deleted account', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('status')).toHaveCount(0);
  await page.goto('/?deleted=1');
  await expect(page.getByRole('status')).toHaveText(
    'Your account has been deleted, with everything only you could see.',
  );
  await accessibleInBothThemes(page, '/?deleted=1');
});

test('a member demoted while on the board sees it turn read-only; removed, they are sent away', async ({
  page,
  browser,
}) => {
  // Two browsers and four axe runs: more than the default on a loaded 2-core machine.
  test.setTimeout(60_000);
  const mia = await createAccount('Mia Member', 'member');
  await signInQuickly(page, mia.email);
  await page.goto(ACME_BOARD);
  await live(page);
  await expect(page.getByLabel(/^New task in/).first()).toBeVisible();
  // With a task panel open: it must follow too.
  await card(page, 'Fix signup on Safari').click();
  const title = page.getByRole('dialog').getByRole('textbox', { name: 'Title' });
  await expect(title).toBeVisible();

  const owner = await newPage(browser);
  await signInQuickly(owner, 'alice@lanes.test');
  await owner.goto('/w/acme/settings');
  const row = owner.getByRole('list', { name: /Members/ }).getByRole('listitem', { name: 'Mia Member' });
  await row.getByLabel('Role of Mia Member').selectOption('viewer');
  await row.getByRole('button', { name: 'Change role' }).click();
  await expect(row.getByRole('status')).toHaveText('Role changed.');

  // No reload and no write on Mia's side: the board changes under her.
  await expect(page.getByRole('status').filter({ hasText: 'Your role is now viewer' })).toBeVisible();
  await expect(page.getByLabel(/^New task in/)).toHaveCount(0);
  await expect(page.getByLabel('New column', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Fix signup on Safari' })).toBeVisible();
  await expect(title).toHaveCount(0);
  await accessibleInBothThemes(page, 'board and panel after a live demotion');

  await row.getByText('Remove', { exact: true }).click();
  await row.getByRole('button', { name: 'Remove Mia Member from Acme' }).click();
  await expect(row).toHaveCount(0);
  await expect(page).toHaveURL(/\/w\?removed=1$/);
  await expect(page.getByRole('status')).toContainText(
    'You were removed from the workspace you were viewing',
  );
  await expect(page.getByRole('link', { name: /Acme/ })).toHaveCount(0);
  await accessibleInBothThemes(page, '/w after a live removal');
  await owner.context().close();
});

test('an archived board tells its owner it is archived and where to restore it', async ({ page }) => {
  const [board] = (await adminPost('/rest/v1/boards', { workspace_id: ACME_ID, name: 'Old plans' })) as {
    id: string;
  }[];
  await admin(`/rest/v1/boards?id=eq.${board!.id}`, {
    method: 'PATCH',
    body: JSON.stringify({ archived_at: new Date().toISOString() }),
  });
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(`/w/acme/b/${board!.id}`);
  // By its text: once hydrated, the board also holds dnd-kit's (empty) live region, another status.
  await expect(page.getByRole('status').filter({ hasText: 'This board is archived' })).toHaveText(
    'This board is archived — restore it from the Board menu to make changes.',
  );
  await expect(page.getByText('Your role does not allow changes.')).toHaveCount(0);
  await accessibleInBothThemes(page, 'archived board');
  // Where the message says.
  await page.getByRole('button', { name: 'Board actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Restore board…' })).toBeVisible();
});
