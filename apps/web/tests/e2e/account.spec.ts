/**
 * `/account` in Chromium: axe in both themes; an avatar uploaded with progress shows in the header and, live,
 * on a teammate's board; a password change then "sign out everywhere" signs the other browser out; an email
 * change asks for confirmation; deleting an account, and the last owner refused with the workspace named.
 */
import { Buffer } from 'node:buffer';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import {
  ACME_BOARD,
  adminPost,
  createAccount,
  emailedLink,
  expect,
  live,
  PASSWORD,
  signIn,
  signInQuickly,
  test,
  uniqueEmail,
} from './fixtures.ts';

// A 16×16 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGM4YaNBEmIY1TCqYfhqAAAeBCwQMwPSngAAAABJRU5ErkJggg==',
  'base64',
);

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_APP_URL });
  return context.newPage();
}

/** One of the account page's forms, by its heading (both security forms ask for the current password). */
const accountForm = (page: Page, heading: string) =>
  page.locator('form').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the account page passes axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    const me = await createAccount('Axel Account', 'member');
    await signInQuickly(page, me.email);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await expectAccessible(page, `/account (${colorScheme})`);
    // With errors showing too.
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, `/account with errors (${colorScheme})`);
  });
}

test('the header leads to /account; the display name changes everywhere it shows', async ({ page }) => {
  const me = await createAccount('Nora Name', 'member');
  await signInQuickly(page, me.email);
  await page.goto('/w');
  await page.getByRole('link', { name: 'Nora Name Your account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByLabel('Display name').fill('  ');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByLabel('Display name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Display name').fill('Nora Renamed');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nora Renamed Your account' })).toBeVisible();
});

test('an avatar uploads with progress, shows in the header and on a teammate’s board, and can be removed', async ({
  page,
  browser,
}) => {
  const me = await createAccount('Ulla Upload', 'member');
  await signInQuickly(page, me.email);
  await page.goto('/account');
  const storageWrites: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/storage/v1/') && r.method() !== 'GET') storageWrites.push(r.url());
  });

  // Refused before any byte is sent.
  const picker = page.getByLabel('Upload a picture');
  await picker.setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
  });
  await expect(page.getByRole('alert')).toContainText('at most 2 MB');
  await picker.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByRole('alert')).toContainText('PNG, JPEG or WebP');
  expect(storageWrites).toEqual([]);

  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const headerAvatar = page.locator('.header-account .avatar');
  await expect(headerAvatar).toHaveAttribute(
    'src',
    new RegExp(`/storage/v1/render/image/public/avatars/${me.id}/`),
  );
  expect(storageWrites.length).toBeGreaterThan(0);

  // A teammate on the board sees the picture on Ulla's card and among who else is viewing.
  const title = `Ulla's card ${Date.now().toString(36)}`;
  await adminPost('/rest/v1/tasks', {
    board_id: ACME_BOARD.split('/').at(-1),
    column_id: 'c0000000-0000-4000-8000-000000000011',
    title,
    assignee_id: me.id,
  });
  await page.goto(ACME_BOARD);
  await live(page);
  const teammate = await newPage(browser);
  await signIn(teammate, 'carol@lanes.test', PASSWORD, `/sign-in?next=${encodeURIComponent(ACME_BOARD)}`);
  await expect(teammate).toHaveURL(ACME_BOARD);
  const card = teammate.locator('[data-task-id]').filter({ hasText: title });
  await expect(card.getByRole('img', { name: 'Ulla Upload' })).toHaveAttribute('src', /\/avatars\//);
  const viewing = teammate.getByRole('list', { name: 'Also viewing' });
  await expect(viewing.getByRole('img', { name: 'Ulla Upload' })).toHaveAttribute('src', /\/avatars\//);
  await teammate.context().close();

  await page.goto('/account');
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByRole('button', { name: 'Remove picture' })).toHaveCount(0);
  await expect(page.locator('.header-account .avatar')).toHaveText('UU');
});

test('change the password, then sign out everywhere: the other browser is signed out', async ({
  page,
  browser,
}) => {
  const me = await createAccount('Paz Password', 'member');
  const other = await newPage(browser);
  await signInQuickly(other, me.email);
  await other.goto('/w');
  await expect(other.getByRole('link', { name: /Acme/ })).toBeVisible();
  // A third browser finds out on a client navigation (a `.data` request) rather than a page load.
  const third = await newPage(browser);
  await signInQuickly(third, me.email);
  await third.goto('/w');
  await expect(third.getByRole('link', { name: /Acme/ })).toBeVisible();

  await signInQuickly(page, me.email);
  await page.goto('/account');
  await accountForm(page, 'Password').getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password').fill('changed-pass-7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed.')).toBeVisible();

  await page.getByLabel('New email address').fill('not-an-address');
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByLabel('New email address')).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The other browser's access token has not expired, yet its next request finds the session gone.
  await other.goto('/w');
  await expect(other).toHaveURL(/\/sign-in\?next=%2Fw$/);
  await other.context().close();
  await third.getByRole('link', { name: /Acme/ }).click();
  await expect(third).toHaveURL(/\/sign-in\?next=%2Fw%2Facme$/);
  await third.context().close();

  // The new password is the one that works.
  await signIn(page, me.email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Wrong email or password');
  await signIn(page, me.email, 'changed-pass-7');
  await expect(page).toHaveURL(/\/w$/);
});

test('delete an account: typed to confirm; the last owner is told which workspace to hand over', async ({
  page,
}) => {
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto('/account');
  await page.getByLabel('Type alice@lanes.test to confirm').fill('alice@lanes.test');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('alert')).toContainText('only owner of Acme');
  await page.context().clearCookies();

  const me = await createAccount('Dora Delete');
  await signInQuickly(page, me.email);
  await page.goto('/account');
  const confirm = page.getByLabel(`Type ${me.email} to confirm`);
  await confirm.fill('someone@else.test');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await confirm.fill(me.email);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/\?deleted=1$/);
  await expect(page.getByRole('status')).toContainText('Your account has been deleted');

  await signIn(page, me.email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Wrong email or password');
});

test('change the email address: both emailed links confirm it, and the account shows the new one', async ({
  page,
}) => {
  const me = await createAccount('Eli Email', 'member');
  const next = uniqueEmail('eli-new');
  await signInQuickly(page, me.email);
  await page.goto('/account');
  await page.getByLabel('New email address').fill(next);
  await accountForm(page, 'Email address').getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`open the links we emailed to ${me.email} and to ${next}`)).toBeVisible();

  for (const address of [me.email, next]) await page.goto(await emailedLink(address, /email change/i));
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(`Now ${next}.`, { exact: false })).toBeVisible();
});
