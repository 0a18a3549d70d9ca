/** The board without JavaScript: whole in the first HTML, and its inline add forms still work. */
import { expect, PASSWORD, test } from './fixtures.ts';

test.use({ javaScriptEnabled: false });

const BOARD = '/w/acme/b/b0000000-0000-4000-8000-000000000001';

test('the first HTML holds the columns and cards; adding a task and filtering work with plain forms', async ({
  page,
}) => {
  await page.goto(`/sign-in?next=${encodeURIComponent(BOARD)}`);
  await page.getByLabel('Email').fill('carol@lanes.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(BOARD);

  const html = await (await page.request.get(BOARD)).text();
  for (const text of ['To do', 'Doing', 'Done', 'Write the launch announcement', 'Fix signup on Safari']) {
    expect(html).toContain(text);
  }
  expect(html).toMatch(/<ol class="lanes" aria-label="Columns">/);
  expect(html).toMatch(/#<!-- -->\d+|#\d+/);

  const title = `Added without JS ${Date.now().toString(36)}`;
  await page.getByLabel('New task in To do').fill(title);
  await page.getByLabel('New task in To do').press('Enter');
  await expect(page).toHaveURL(BOARD);
  await expect(page.locator('[data-column-id]').first().locator('.lane-card-title').last()).toHaveText(title);

  // The filter is a GET form: the server renders the filtered board.
  await page.getByRole('searchbox', { name: 'Filter tasks' }).fill('safari');
  await page.getByRole('searchbox', { name: 'Filter tasks' }).press('Enter');
  await expect(page).toHaveURL(/\?q=safari/);
  await expect(page.locator('.lane-card-title')).toHaveText(['Fix signup on Safari']);
});
