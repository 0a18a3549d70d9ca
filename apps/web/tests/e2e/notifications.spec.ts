/**
 * Notifications in Chromium (issue 23, decisions 180, 181): Carol mentions Bob by picking him from the comment
 * box's combobox by keyboard, Bob's bell changes live in his own browser, his inbox entry opens the task and
 * is marked read, and the instant email in the stack's inbox links to the task; notification preferences
 * saved, and a crafted post refused with a field error; axe on `/inbox` (empty and with items) and the
 * account's Notifications section in both themes.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import {
  ACME_BOARD,
  createAccount,
  emailedLink,
  expect,
  seededTask,
  signedInPage,
  signInQuickly,
  test,
} from './fixtures.ts';

// Two browsers and a live channel: more than the suite's 20 s default.
test.describe.configure({ timeout: 60_000 });

const bell = (page: Page) => page.locator('.header-bell');

test('a mention picked by keyboard reaches the bell live, and the inbox opens the task and marks it read', async ({
  browser,
}) => {
  const carol = await createAccount('Carol Chen', 'member');
  const bob = await createAccount('Bob Baker', 'member');
  const handle = bob.email.split('@')[0]!;
  const taskId = await seededTask('Pick the launch venue');

  const bobPage = await signedInPage(browser, bob.email);
  await bobPage.goto('/w');
  await expect(bell(bobPage)).toHaveAttribute('data-live', 'true');
  await expect(bell(bobPage)).toHaveAccessibleName('Notifications, none unread');

  const carolPage = await signedInPage(browser, carol.email);
  await carolPage.goto(`${ACME_BOARD}/t/${taskId}`);
  const box = carolPage.getByRole('combobox', { name: 'New comment' });
  await box.click();
  await box.pressSequentially(`Venue is booked, @${handle.slice(0, -3)}`);
  const option = carolPage.getByRole('option', { name: new RegExp(`Bob Baker @${handle}`) });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  // Arrows until Bob is the active option (other Bobs from earlier runs may be listed first).
  for (let step = 0; step < 8 && (await option.getAttribute('aria-selected')) !== 'true'; step += 1) {
    await box.press('ArrowDown');
  }
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await box.press('Enter');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue(`Venue is booked, @${handle} `);
  // Esc closes the list and keeps the text (the panel stays open).
  await box.pressSequentially('and @');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue(`Venue is booked, @${handle} and @`);
  await expect(carolPage.getByRole('dialog')).toBeVisible();
  await box.press('Backspace');
  await box.press('Backspace');
  await box.pressSequentially('thanks!');
  await carolPage.getByRole('button', { name: 'Comment', exact: true }).click();
  // Stored as a reference, shown as a chip with his name.
  await expect(carolPage.locator('.comment-body .mention-chip')).toHaveText('@Bob Baker');
  await expect(box).toHaveValue('');

  // Bob's bell, in his own browser, without a reload.
  await expect(bell(bobPage)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(bobPage).click();
  await expect(bobPage).toHaveURL(/\/inbox$/);
  const group = bobPage
    .getByRole('listitem')
    .filter({ has: bobPage.getByRole('heading', { name: /Pick the launch venue/ }) });
  const entry = group.getByRole('link', { name: /Carol Chen mentioned you/ });
  await expect(entry).toContainText('Unread');
  await entry.click();
  await expect(bobPage).toHaveURL(new RegExp(`/t/${taskId}$`));
  await expect(bobPage.getByRole('dialog')).toContainText('Pick the launch venue');
  await expect(bobPage.getByRole('dialog').locator('.mention-chip')).toHaveText('@Bob Baker');
  // Mentioned people watch the task (decision 072): the panel says so.
  await expect(bobPage.getByRole('button', { name: 'Watching' })).toHaveAttribute('aria-pressed', 'true');
  await expect(bell(bobPage)).toHaveAccessibleName('Notifications, none unread');
  await bobPage.goto('/inbox');
  await expect(bobPage.getByRole('link', { name: /Carol Chen mentioned you/ })).not.toContainText('Unread');

  // Mentions are emailed at once by default: the email reaches the stack's inbox, and its link opens the task
  // in Bob's browser (the functions' LANES_SITE_URL is this run's app).
  const link = await emailedLink(
    bob.email,
    /^Carol Chen mentioned you on Pick the launch venue$/,
    new RegExp(`${process.env.E2E_APP_URL}/w/[^\\s]+/t/${taskId}`),
  );
  await bobPage.goto(link);
  await expect(bobPage.getByRole('dialog')).toContainText('Pick the launch venue');
  await expect(bobPage.getByRole('dialog').locator('.mention-chip')).toHaveText('@Bob Baker');

  // The description's editor offers the same list; the saved description shows the chip.
  await carolPage.getByRole('button', { name: 'Edit description' }).click();
  const description = carolPage.getByRole('combobox', { name: 'Description (Markdown)' });
  await description.pressSequentially(`Owner: @${handle.slice(0, -3)}`);
  await expect(carolPage.getByRole('option', { name: new RegExp(`Bob Baker @${handle}`) })).toBeVisible();
  for (let step = 0; step < 8 && (await option.getAttribute('aria-selected')) !== 'true'; step += 1) {
    await description.press('ArrowDown');
  }
  await description.press('Tab');
  await expect(description).toHaveValue(`Owner: @${handle} `);
  await carolPage.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(carolPage.getByRole('region', { name: 'Description' }).locator('.mention-chip')).toHaveText(
    '@Bob Baker',
  );
  await bobPage.context().close();
  await carolPage.context().close();
});

test('preferences are saved per kind with the time zone; a crafted bad value is a field error and changes nothing', async ({
  page,
}) => {
  const me = await createAccount('Pat Prefs', 'member');
  await signInQuickly(page, me.email);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Notifications' });
  await section
    .getByRole('group', { name: 'Someone mentions me' })
    .getByRole('radio', { name: 'Daily digest email' })
    .check();
  await section.getByLabel('Time zone').selectOption('Europe/Paris');
  await section.getByRole('button', { name: 'Save notifications' }).click();
  await expect(section.getByRole('status')).toHaveText('Notification settings saved.');
  await page.reload();
  await expect(
    section
      .getByRole('group', { name: 'Someone mentions me' })
      .getByRole('radio', { name: 'Daily digest email' }),
  ).toBeChecked();
  await expect(section.getByLabel('Time zone')).toHaveValue('Europe/Paris');

  const refused = await page.request.post('/account', {
    form: { intent: 'notifications', mentioned: 'pigeon', commented: 'in_app', timeZone: 'Mars/Olympus' },
  });
  expect(refused.status()).toBe(400);
  const html = await refused.text();
  expect(html).toContain('Choose in-app only, email at once or daily digest.');
  expect(html).toContain('Choose a time zone from the list.');
  await page.reload();
  await expect(
    section
      .getByRole('group', { name: 'Someone mentions me' })
      .getByRole('radio', { name: 'Daily digest email' }),
  ).toBeChecked();
  await expect(
    section
      .getByRole('group', { name: 'Comments on tasks I watch' })
      .getByRole('radio', { name: 'Daily digest email' }),
  ).toBeChecked();
  await expect(section.getByLabel('Time zone')).toHaveValue('Europe/Paris');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the inbox and the Notifications section pass axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    const me = await createAccount('Ina Inbox', 'member');
    await signInQuickly(page, me.email);
    await page.goto('/inbox');
    await expect(page.getByText('No notifications yet.')).toBeVisible();
    await expectAccessible(page, `/inbox empty (${colorScheme})`);
    await seededTask('Print the banners', { assignee_id: me.id });
    await page.reload();
    await expect(page.getByRole('link', { name: /assigned this to you/ })).toBeVisible();
    await expectAccessible(page, `/inbox with items (${colorScheme})`);
    await page.goto('/account#notifications');
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expectAccessible(page, `/account notifications (${colorScheme})`);
  });
}
