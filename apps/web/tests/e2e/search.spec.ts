/**
 * Search, the board archive and GitHub-flavoured Markdown (issue 24; decisions 077, 182, 183), in Chromium: a card
 * found by a word only in its comment through the workspace bar's search box with JavaScript off, a card restored
 * from the archive reached from the board menu, a description's table and task list, a comment's Markdown and
 * mention; axe on the search and archive screens in both themes.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { ACME_BOARD, admin, adminPost, card, expect, seededTask, signInQuickly, test } from './fixtures.ts';

test.describe.configure({ timeout: 45_000 });

const CAROL = '33333333-3333-4333-8333-333333333333';
/** Letters only, so the search keeps it one word. */
const word = () =>
  `zq${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;

async function bothThemes(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await expectAccessible(page, `${name} (light)`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, `${name} (dark)`);
}

test('a card is found by a word only in its comment, from the workspace bar, without JavaScript', async ({
  browser,
}) => {
  const secret = word();
  const title = `Venue shortlist ${word()}`;
  const id = await seededTask(title);
  await adminPost('/rest/v1/comments', { task_id: id, author_id: CAROL, body: `The ${secret} hall is free` });

  const context = await browser.newContext({ baseURL: process.env.E2E_APP_URL, javaScriptEnabled: false });
  const page = await context.newPage();
  await signInQuickly(page, 'dave@lanes.test');
  await page.goto('/w/acme');
  await page.getByRole('searchbox', { name: 'Search Acme' }).fill(secret);
  await page.getByRole('searchbox', { name: 'Search Acme' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/w/acme/search\\?q=${secret}$`));
  const result = page.locator('.search-result').filter({ hasText: title });
  await expect(result).toHaveCount(1);
  await expect(result.locator('mark')).toHaveText(secret);
  await expect(result).toContainText('found in a comment');
  await result.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${id}$`));
  await expect(page.locator('main')).toContainText(title);
  await context.close();
});

test('the search screen, with filters and hostile input, is accessible in both themes', async ({ page }) => {
  const w = word();
  await seededTask(`Launch checklist ${w}`, { description: `Everything for ${w}: | a | b |` });
  await signInQuickly(page, 'carol@lanes.test');
  await page.goto(`/w/acme/search?q=${encodeURIComponent(`"${w}" <b> -nothing`)}&status=open`);
  await expect(page.getByRole('status')).toContainText('1 card found');
  await expect(page.getByLabel('Status')).toHaveValue('open');
  await bothThemes(page, 'search results');
  await page.goto(`/w/acme/search?q=${'x'.repeat(501)}`);
  await expect(page.getByRole('alert')).toHaveText('A search can be at most 500 characters.');
  await expect(page.getByRole('searchbox', { name: 'Search words' })).toHaveValue('x'.repeat(501));
});

test('an archived card is restored from the archive, reached from the board menu', async ({ page }) => {
  const title = `Archived idea ${word()}`;
  const id = await seededTask(title);
  await admin(`/rest/v1/tasks?id=eq.${id}`, {
    method: 'PATCH',
    body: JSON.stringify({ archived_at: new Date().toISOString() }),
  });
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(ACME_BOARD);
  await expect(card(page, title)).toHaveCount(0);
  await page.getByRole('button', { name: 'Board actions' }).click();
  await page.getByRole('menuitem', { name: 'Archived cards' }).click();
  await expect(page).toHaveURL(new RegExp(`${ACME_BOARD}/archived$`));
  const item = page.locator('.archive-item').filter({ hasText: title });
  await expect(item).toContainText('from To do');
  await bothThemes(page, 'archived cards');
  await item.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('status')).toHaveText(`Restored “${title}” to its column.`);
  await expect(page.locator('.archive-item').filter({ hasText: title })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the board' }).click();
  await expect(card(page, title)).toBeVisible();
});

test('a description with a table and a task list renders them, the boxes read-only; comments render Markdown', async ({
  page,
}) => {
  const title = `Release plan ${word()}`;
  const id = await seededTask(title, {
    description: '| Step | Owner |\n| --- | --- |\n| Ship | Ann |\n\n- [x] written\n- [ ] reviewed',
  });
  await signInQuickly(page, 'carol@lanes.test');
  await page.goto(`${ACME_BOARD}/t/${id}`);
  const panel = page.getByRole('dialog').getByRole('region', { name: 'Description' });
  await expect(panel.getByRole('table')).toBeVisible();
  await expect(panel.getByRole('cell', { name: 'Ann' })).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: 'Done', exact: true })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Not done', exact: true })).not.toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Done', exact: true })).toBeDisabled();
  await adminPost('/rest/v1/comments', {
    task_id: id,
    author_id: CAROL,
    body: `**Shipped** ~~late~~ by @[${CAROL}]`,
  });
  await page.reload();
  const comment = page.getByRole('dialog').locator('.comment-body').filter({ hasText: 'Shipped' });
  await expect(comment.locator('strong')).toHaveText('Shipped');
  await expect(comment.locator('del')).toHaveText('late');
  await expect(comment.locator('.mention-chip')).toHaveText(/^@Carol/);
});
