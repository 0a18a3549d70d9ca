/**
 * Moving in from Trello and exporting a board (issue 24): the sample export previewed and imported through the
 * screen, its board opened; the board's CSV download; refusals for members and for files that are not Trello
 * exports, with and without JavaScript; axe on the import screen in both themes.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { expect, signInQuickly, test } from './fixtures.ts';

// The machine is shared: a page's hydration can take seconds under load.
test.describe.configure({ timeout: 60_000 });

const FIXTURE = new URL('../../../../packages/shared/src/trello/trello-board.json', import.meta.url).pathname;

/** alice's own fresh workspace, so imported boards never meet another test's limit. */
async function aliceWorkspace(page: Page): Promise<string> {
  await signInQuickly(page, 'alice@lanes.test');
  const slug = `move-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const created = await page.request.post('/w', { form: { name: `Move ${slug}`, slug }, maxRedirects: 0 });
  expect(created.status()).toBe(302);
  return slug;
}

test('an admin previews and imports the sample export, opens its board and downloads it as CSV', async ({
  page,
}) => {
  const slug = await aliceWorkspace(page);
  await page.goto(`/w/${slug}`);
  await page.getByRole('link', { name: 'Import from Trello' }).click();
  await expect(page.locator('form[data-ready]')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Trello export (JSON, up to 10 MB)').setInputFiles(FIXTURE);
  const preview = page.locator('.import-report');
  await expect(preview.getByRole('heading', { name: '“Website relaunch” holds' })).toBeVisible();
  await expect(preview.getByText('6 (2 archived)')).toBeVisible();
  await expect(preview.getByText('1 attachments')).toBeVisible();
  await page.getByRole('button', { name: 'Import as a new board' }).click();
  await expect(page.getByText('Imported “Website relaunch” as a new board.')).toBeVisible();
  await page.getByRole('link', { name: 'Open the board' }).click();
  await expect(page.getByRole('heading', { name: 'Website relaunch' })).toBeVisible();
  for (const column of ['Backlog', 'In progress', 'Review', 'Done']) {
    await expect(page.getByRole('heading', { name: new RegExp(`^${column} \\d+ tasks?`) })).toBeVisible();
  }
  await expect(page.getByText('Design the hero section')).toBeVisible();

  await page.getByRole('button', { name: 'Board actions' }).click();
  await page.getByRole('menuitem', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export this board' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Website relaunch.csv');
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFNumber,Title,Column,Labels,Assignee,')).toBe(true);
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength(7);
  expect(lines[1]).toMatch(/^1,A mascot\?,Backlog,,/);
  expect(lines.find((l) => l.startsWith('4,'))).toMatch(
    /^4,Design the hero section,In progress,"Design, Sky",/,
  );
  expect(csv).toContain('"Check tone and ""quotes"", commas, =SUM(A1)"');

  const json = await page.request.get(`${new URL(page.url()).pathname}/export.json`);
  expect(json.headers()['content-type']).toContain('application/json');
  const exported = await json.json();
  expect(exported.tasks).toHaveLength(6);
  expect(exported.tasks[3].comments).toHaveLength(2);
});

test('a member is refused, and without JavaScript a file that is not an export is refused with nothing created', async ({
  browser,
}) => {
  const member = await (await browser.newContext({ baseURL: process.env.E2E_APP_URL })).newPage();
  await signInQuickly(member, 'carol@lanes.test');
  await member.goto('/w/acme/import');
  await expect(member.getByText('Only admins and owners can import boards into Acme.')).toBeVisible();
  await expect(member.getByRole('button', { name: 'Import as a new board' })).toHaveCount(0);

  const context = await browser.newContext({ baseURL: process.env.E2E_APP_URL, javaScriptEnabled: false });
  const page = await context.newPage();
  const slug = await aliceWorkspace(page);
  await page.goto(`/w/${slug}/import`);
  await page.getByLabel('Trello export (JSON, up to 10 MB)').setInputFiles({
    name: 'jira.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ issues: [{ key: 'X-1' }] })),
  });
  await page.getByRole('button', { name: 'Import as a new board' }).click();
  await expect(page.getByRole('alert')).toContainText('This is not a Trello board export we can read');
  await expect(page.getByRole('alert')).toContainText('Nothing was imported.');
  await page.getByLabel('Trello export (JSON, up to 10 MB)').setInputFiles(FIXTURE);
  await page.getByRole('button', { name: 'Import as a new board' }).click();
  await expect(page.getByText('Imported “Website relaunch” as a new board.')).toBeVisible();
  await page.goto(`/w/${slug}`);
  await expect(page.getByRole('link', { name: /Website relaunch/ })).toHaveCount(1);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the import screen passes axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    const slug = await aliceWorkspace(page);
    await page.goto(`/w/${slug}/import`);
    await expect(page.locator('form[data-ready]')).toBeVisible({ timeout: 20_000 });
    await page.getByLabel('Trello export (JSON, up to 10 MB)').setInputFiles(FIXTURE);
    await expect(page.locator('.import-report')).toBeVisible();
    await expectAccessible(page, `import preview (${colorScheme})`);
    await page.getByLabel('Trello export (JSON, up to 10 MB)').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{ "lists": ['),
    });
    await expect(page.getByRole('alert')).toContainText('This file is not JSON.');
    await expect(page.getByRole('button', { name: 'Import as a new board' })).toBeDisabled();
    await expectAccessible(page, `import refusal (${colorScheme})`);
  });
}
