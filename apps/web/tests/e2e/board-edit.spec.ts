/**
 * Fixing mistakes on the board in Chromium: starter columns, the column menu (by keyboard), labels (dialog and
 * card context menu), the inline add's title limit, board settings (rename, archive, delete), and writes made
 * offline that are stored once the connection is back — or put back with a message when the server refuses.
 */

import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import {
  ACME_ID,
  admin,
  boardWritesAnswered,
  createAccount,
  endOfflineTab,
  expect,
  goOffline,
  keyboardMove,
  live,
  PASSWORD,
  signIn,
  signInQuickly,
  test,
} from './fixtures.ts';

// Each test walks a whole story through the UI (and a reload); on a busy machine that outgrows the default.
test.describe.configure({ timeout: 60_000 });

/** A fresh, empty board in the seeded workspace. */
async function newBoard(page: Page, name: string): Promise<string> {
  await page.goto('/w/acme');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create board' }).click();
  await expect(page).toHaveURL(/\/w\/acme\/b\/[0-9a-f-]{36}$/);
  await live(page);
  return new URL(page.url()).pathname;
}

async function starterBoard(page: Page, name: string): Promise<string> {
  const path = await newBoard(page, name);
  await page.getByRole('button', { name: 'Add To do, Doing and Done' }).click();
  await expect(column(page, 'Done')).toBeVisible();
  return path;
}

function column(page: Page, name: string): Locator {
  return page
    .locator('[data-column-id]')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}\\b`) }) });
}

const titles = (page: Page, name: string) => column(page, name).locator('.lane-card-title');
const card = (page: Page, title: string) => page.locator('.lane-card-body').filter({ hasText: title });

async function addTask(page: Page, columnName: string, title: string) {
  const field = page.getByLabel(`New task in ${columnName}`);
  await field.fill(title);
  await field.press('Enter');
  await expect(titles(page, columnName).filter({ hasText: title })).toBeVisible();
}

/** Opens a column's menu from the keyboard and picks `item`. */
async function columnAction(page: Page, columnName: string, item: string) {
  const button = page.getByRole('button', { name: `Actions for column ${columnName}` });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: `Actions for column ${columnName}` });
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  // Arrow down to the item, then Enter, as a keyboard user would.
  while (
    !(await menu.getByRole('menuitem', { name: item }).evaluate((el) => el === document.activeElement))
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`an empty board offers starter columns; the column menu works by keyboard (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await signInQuickly(page, 'alice@lanes.test');
    await newBoard(page, `Columns ${colorScheme}`);
    await expect(page.getByRole('heading', { name: 'Set up this board' })).toBeVisible();
    await expect(page.locator('[data-column-id]')).toHaveCount(0);
    await expectAccessible(page, `empty board (${colorScheme})`);
    await page.getByRole('button', { name: 'Add To do, Doing and Done' }).click();
    await expect(page.locator('.lane-head h2')).toHaveText([/^To do/, /^Doing/, /^Done.*Done$/]);
    await expect(page.getByRole('heading', { name: 'Set up this board' })).toHaveCount(0);

    // WIP limit, rename, done column: each from the menu, by keyboard.
    await columnAction(page, 'Doing', 'Set WIP limit…');
    const dialog = page.getByRole('dialog', { name: 'WIP limit of Doing' });
    await expectAccessible(page, `WIP dialog (${colorScheme})`);
    await dialog.getByRole('textbox').fill('0');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('A whole number from 1 to 999')).toBeVisible();
    await dialog.getByRole('textbox').fill('2');
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Actions for column Doing' })).toBeFocused();
    await expect(column(page, 'Doing').locator('.badge').first()).toHaveText(/0 \/ 2/);

    await columnAction(page, 'Doing', 'Rename…');
    await page.getByRole('dialog').getByRole('textbox').fill('In progress');
    await page.keyboard.press('Enter');
    await expect(column(page, 'In progress')).toBeVisible();

    await page.getByRole('button', { name: 'Actions for column In progress' }).click();
    await expectAccessible(page, `column menu (${colorScheme})`);
    await page.getByRole('menuitem', { name: 'Mark as done column' }).click();
    await expect(column(page, 'In progress').locator('.badge.is-done')).toBeVisible();

    // Deleting a column with a card asks where the card goes.
    await addTask(page, 'To do', 'Keep me');
    await columnAction(page, 'To do', 'Delete column…');
    const confirm = page.getByRole('dialog', { name: 'Delete column To do?' });
    await confirm.getByLabel('Its 1 card moves to').selectOption({ label: 'Done' });
    await confirm.getByRole('button', { name: 'Delete column' }).click();
    await expect(column(page, 'To do')).toHaveCount(0);
    await expect(titles(page, 'Done')).toHaveText(['Keep me']);

    await page.reload();
    await expect(page.locator('.lane-head h2')).toHaveText([/^In progress.*Done$/, /^Done/]);
    await expect(column(page, 'In progress').locator('.badge').first()).toHaveText(/0 \/ 2/);
    await expect(titles(page, 'Done')).toHaveText(['Keep me']);
  });

  test(`labels are managed from the board and set from a card's context menu (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await signInQuickly(page, 'alice@lanes.test');
    await starterBoard(page, `Labels ${colorScheme}`);
    await addTask(page, 'To do', 'Fix the login');

    await page.getByRole('button', { name: 'Labels', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Labels' });
    await expect(dialog.getByText('No labels yet.')).toBeVisible();
    for (const [name, color] of [
      ['Bug', 'red'],
      ['Design', 'blue'],
    ] as const) {
      await dialog.getByLabel('Colour of the new label').selectOption(color);
      await dialog.getByLabel('New label name').fill(name);
      await dialog.getByRole('button', { name: 'Add label' }).click();
      await expect(dialog.getByLabel(`Name of label ${name}`)).toBeVisible();
    }
    await dialog.getByLabel('New label name').fill('x'.repeat(25));
    await dialog.getByRole('button', { name: 'Add label' }).click();
    await expect(dialog.getByText('At most 24 characters')).toBeVisible();
    await dialog.getByLabel('Name of label Design').fill('UX');
    await dialog.getByLabel('Name of label Design').press('Enter');
    await dialog.getByLabel('Colour of UX').selectOption('teal');
    await dialog.getByRole('button', { name: 'Delete label Bug' }).click();
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await expectAccessible(page, `label dialog (${colorScheme})`);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The card's context menu, from the keyboard.
    await card(page, 'Fix the login').focus();
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Actions for Fix the login' });
    await expect(menu.getByRole('menuitem', { name: 'Move to…' })).toBeFocused();
    await expectAccessible(page, `card menu (${colorScheme})`);
    // The first letter goes to the label (decision 186: the menu also moves, copies a link and archives).
    await page.keyboard.press('u');
    await expect(menu.getByRole('menuitemcheckbox', { name: 'UX' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(menu.getByRole('menuitemcheckbox', { name: 'UX' })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(card(page, 'Fix the login')).toBeFocused();
    await expect(card(page, 'Fix the login').locator('.label-dot')).toHaveClass(/label-teal/);

    await page.reload();
    // The card names the label beside its colour (decision 185).
    await expect(
      card(page, 'Fix the login')
        .locator('.lane-card-label')
        .filter({ has: page.locator('.label-teal') }),
    ).toHaveText('UX');
    await card(page, 'Fix the login').click({ button: 'right' });
    await page.getByRole('menuitemcheckbox', { name: 'UX' }).click();
    await page.keyboard.press('Escape');
    await expect(card(page, 'Fix the login').locator('.label-dot')).toHaveCount(0);
  });
}

test('a title over 200 characters gets an inline error and nothing is added or cut', async ({ page }) => {
  await signInQuickly(page, 'alice@lanes.test');
  await starterBoard(page, 'Long titles');
  const field = page.getByLabel('New task in To do');
  const long = 'a'.repeat(201);
  await field.fill(long);
  await field.press('Enter');
  await expect(column(page, 'To do').getByText('At most 200 characters (this one has 201).')).toBeVisible();
  await expect(field).toHaveValue(long);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(titles(page, 'To do')).toHaveCount(0);
});

test('a board is renamed, archived, restored and deleted; tiles count open tasks', async ({ page }) => {
  await signInQuickly(page, 'alice@lanes.test');
  const path = await starterBoard(page, 'Short lived');
  await addTask(page, 'To do', 'One');
  await addTask(page, 'To do', 'Two');

  await page.getByRole('button', { name: 'Board actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit name and description…' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Shorter lived');
  await page.getByRole('dialog').getByLabel('Description').fill('For a week');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shorter lived');
  await expect(page.getByText('For a week')).toBeVisible();

  await page.goto('/w/acme');
  await expect(page.getByRole('link', { name: /Shorter lived/ })).toContainText('2 open tasks');
  await expectAccessible(page, 'boards with open task counts');

  await page.goto(path);
  await page.getByRole('button', { name: 'Board actions' }).click();
  await page.getByRole('menuitem', { name: 'Archive board…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive board' }).click();
  await expect(page.locator('.section-head .badge')).toHaveText('Archived');
  await expect(page.getByLabel('New task in To do')).toHaveCount(0);

  await page.goto('/w/acme');
  await expect(page.getByRole('link', { name: /Shorter lived/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Show archived boards' }).click();
  await expect(page.getByRole('link', { name: /Shorter lived/ })).toContainText('Archived');
  await page.getByRole('link', { name: /Shorter lived/ }).click();
  await page.getByRole('button', { name: 'Board actions' }).click();
  await page.getByRole('menuitem', { name: 'Restore board…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restore board' }).click();
  await expect(page.locator('.section-head .badge')).toHaveCount(0);

  await page.getByRole('button', { name: 'Board actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete board…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Shorter lived?' });
  await expect(dialog.getByRole('button', { name: 'Delete board' })).toBeDisabled();
  await expectAccessible(page, 'delete board dialog');
  await dialog.getByLabel(/Type the board’s name/).fill('Shorter');
  await expect(dialog.getByRole('button', { name: 'Delete board' })).toBeDisabled();
  await dialog.getByLabel(/Type the board’s name/).fill('Shorter lived');
  await dialog.getByRole('button', { name: 'Delete board' }).click();
  await expect(page).toHaveURL(/\/w\/acme$/);
  await page.goto('/w/acme?archived=1');
  await expect(page.getByRole('link', { name: /Shorter lived/ })).toHaveCount(0);
  expect((await page.goto(path))?.status()).toBe(404);
});

test('a hand-made delete without the typed name deletes nothing', async ({ page }) => {
  await signInQuickly(page, 'alice@lanes.test');
  const path = await starterBoard(page, 'Stays');
  const response = await page.request.post(path, { form: { intent: 'delete-board', confirm: 'Wrong' } });
  // A refused form answers 400 with its reason, as every form action does (decision 205).
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('Type the board’s name exactly to delete it.');
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stays');
});

test('tasks added and cards moved offline are stored when the connection is back', async ({
  page,
  context,
}) => {
  await signInQuickly(page, 'alice@lanes.test');
  const path = await starterBoard(page, 'Offline');
  await addTask(page, 'To do', 'Made online');

  // The panel's code is fetched ahead once the board is live (decision 203).
  await expect(page.locator('html[data-panel-code="ready"]')).toBeAttached({ timeout: 30_000 });
  await goOffline(page);
  await expect(page.locator('.board[data-connection="offline"]')).toBeAttached();
  await addTask(page, 'To do', 'Made offline');
  await expect(card(page, 'Made offline')).toContainText('Saving…');
  // A pointer resting on a card starts its panel's read (decision 164); offline that read simply fails, and
  // nothing reloads the page.
  await page.evaluate(() => Object.assign(window, { offlineMark: 1 }));
  await card(page, 'Made online').hover();
  await page.waitForTimeout(300);
  // Opening a card offline opens it from the board's copy, and Esc leaves it for the board (decision 203).
  await card(page, 'Made online').click();
  await expect(page.getByRole('dialog').getByRole('status')).toContainText('You are offline.');
  // The panel takes focus in the same effects that start listening for Esc: a key pressed before that is
  // nobody's (a CI run at load 11 pressed it between the paint and the effects).
  await expect(page.getByRole('dialog')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(path);
  // Move the stored card to Doing with the keyboard: space, right arrow, space.
  await keyboardMove(page, 'Made online', ['ArrowRight']);
  await expect(titles(page, 'Doing')).toHaveText(['Made online']);
  await expect(page.getByRole('status').filter({ hasText: 'Your 2 changes will be saved' })).toBeVisible();
  expect(await page.evaluate(() => 'offlineMark' in window)).toBe(true);

  await context.setOffline(false);
  await expect(card(page, 'Made offline')).toContainText(/#\d+/);
  await expect(page.locator('.board-banner')).toBeHidden();
  await page.goto(path);
  await expect(titles(page, 'To do')).toHaveText(['Made offline']);
  await expect(titles(page, 'Doing')).toHaveText(['Made online']);
});

test('a card moved while the whole board is being read stays moved: the read is made again', async ({
  page,
}) => {
  await signInQuickly(page, 'alice@lanes.test');
  // Reads of a whole board, counted once answered.
  const answered: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().includes('/rest/v1/boards?')) answered.push(request.url());
  });
  const path = await starterBoard(page, 'Read meanwhile');
  const isBoardRead = (url: string | URL) =>
    String(url).includes('/rest/v1/boards?') && String(url).includes(`id=eq.${path.split('/').at(-1)}`);
  const reads = () => answered.filter(isBoardRead).length;
  await addTask(page, 'To do', 'Moved meanwhile');
  // The board read itself once it went live; that read is over.
  await expect.poll(reads).toBeGreaterThan(0);
  const readsBefore = reads();

  // The next read is made at once and answered only after the move: a copy of the board without it.
  let answer!: () => void;
  const moveStored = new Promise<void>((done) => (answer = done));
  let held = false;
  await page.route(isBoardRead, async (route) => {
    if (held) return route.continue();
    held = true;
    const before = await route.fetch();
    await moveStored;
    await route.fulfill({ response: before });
  });
  const heldRead = page.waitForRequest((request) => isBoardRead(request.url()));
  // The board reads itself whole when the browser says it is back online (use-board-live).
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await heldRead;
  const move = page.waitForResponse((response) => response.url().includes('/rest/v1/rpc/move_task'));
  await keyboardMove(page, 'Moved meanwhile', ['ArrowRight']);
  expect((await move).ok()).toBe(true);
  answer();
  // The old copy arrives, and the board reads again rather than put the card back where it was.
  await expect.poll(reads).toBeGreaterThanOrEqual(readsBefore + 2);
  await expect(titles(page, 'Doing')).toHaveText(['Moved meanwhile']);
  await expect(titles(page, 'To do')).toHaveCount(0);
});

test('a change made offline that the server then refuses is put back with a message', async ({
  page,
  context,
}) => {
  const user = await createAccount('Off Line', 'member');
  await signIn(page, user.email, PASSWORD);
  await expect(page).toHaveURL(/\/w$/);
  const path = await starterBoard(page, 'Refused later');

  await goOffline(page);
  await expect(page.locator('.board[data-connection="offline"]')).toBeAttached();
  await addTask(page, 'To do', 'Never stored');
  await admin(`/rest/v1/workspace_members?workspace_id=eq.${ACME_ID}&user_id=eq.${user.id}`, {
    method: 'PATCH',
    body: JSON.stringify({ role: 'viewer' }),
  });
  await context.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: '“Never stored” was not added' })).toBeVisible();
  await expect(titles(page, 'To do')).toHaveCount(0);
  await page.goto(path);
  await expect(titles(page, 'To do')).toHaveCount(0);
});

test('on a flaky network a write is retried with backoff until it gets through', async ({ page }) => {
  await signInQuickly(page, 'alice@lanes.test');
  const path = await starterBoard(page, 'Flaky');
  // The browser stays "online", but requests to create tasks fail at the network level.
  await page.route('**/rest/v1/tasks*', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue(),
  );
  await addTask(page, 'To do', 'Through at last');
  await expect(
    page.getByRole('status').filter({ hasText: 'Cannot reach the server. Retrying…' }),
  ).toBeVisible();
  await expect(card(page, 'Through at last')).toContainText('Saving…');
  await page.unroute('**/rest/v1/tasks*');
  // The next retry (after at most a few seconds of backoff) stores it.
  await expect(card(page, 'Through at last')).toContainText(/#\d+/, { timeout: 20_000 });
  await expect(page.locator('.board-banner')).toBeHidden();
  await page.goto(path);
  await expect(titles(page, 'To do')).toHaveText(['Through at last']);
});

/** The tasks the database holds on the board at `path` with `title` (read with the service key). */
async function storedTasks(path: string, title: string) {
  const boardId = path.split('/').at(-1);
  return (await admin(
    `/rest/v1/tasks?board_id=eq.${boardId}&title=eq.${encodeURIComponent(title)}&select=id`,
    {
      method: 'GET',
    },
  )) as { id: string }[];
}

test('a create whose answer was lost after the server stored it is retried without a second card', async ({
  page,
}) => {
  await signInQuickly(page, 'alice@lanes.test');
  const path = await starterBoard(page, 'Lost answer');
  // The first create reaches the server and is stored, but the browser never hears back.
  let lost = false;
  await page.route('**/rest/v1/tasks*', async (route) => {
    if (route.request().method() !== 'POST' || lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await addTask(page, 'To do', 'Said once');
  await expect(card(page, 'Said once')).toContainText(/#\d+/, { timeout: 20_000 });
  expect(lost).toBe(true);
  expect(await storedTasks(path, 'Said once')).toHaveLength(1);
  await page.goto(path);
  await expect(titles(page, 'To do')).toHaveText(['Said once']);
});

test('a task added offline survives closing the tab and is stored once when the board is opened again', async ({
  page,
  context,
}) => {
  await signInQuickly(page, 'alice@lanes.test');
  const path = await starterBoard(page, 'Closed tab');
  await goOffline(page);
  await expect(page.locator('.board[data-connection="offline"]')).toBeAttached();
  await addTask(page, 'To do', 'Outlives the tab');
  await expect(card(page, 'Outlives the tab')).toContainText('Saving…');
  await endOfflineTab(page);
  expect(await storedTasks(path, 'Outlives the tab')).toHaveLength(0);

  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto(path);
  await expect(card(next, 'Outlives the tab')).toContainText(/#\d+/);
  expect(await storedTasks(path, 'Outlives the tab')).toHaveLength(1);
  await next.reload();
  await expect(titles(next, 'To do')).toHaveText(['Outlives the tab']);
  expect(await storedTasks(path, 'Outlives the tab')).toHaveLength(1);
});

test('a change left by a closed tab that the server refuses is shown, not dropped in silence', async ({
  page,
  context,
}) => {
  await signInQuickly(page, 'alice@lanes.test');
  const path = await starterBoard(page, 'Refused after reload');
  await goOffline(page);
  await expect(page.locator('.board[data-connection="offline"]')).toBeAttached();
  await addTask(page, 'To do', 'Column goes away');
  await endOfflineTab(page);
  // Meanwhile a teammate deletes the column the card was added to.
  const boardId = path.split('/').at(-1);
  await admin(`/rest/v1/columns?board_id=eq.${boardId}&name=eq.To%20do`, { method: 'DELETE' });

  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto(path);
  await expect(next.getByRole('alert').filter({ hasText: '“Column goes away” was not added' })).toBeVisible();
  await expect(card(next, 'Column goes away')).toHaveCount(0);
  expect(await storedTasks(path, 'Column goes away')).toHaveLength(0);
});

test('a delete the server made before the tab closed is not reported as refused when the board opens again', async ({
  page,
  context,
}) => {
  await signInQuickly(page, 'alice@lanes.test');
  const path = await starterBoard(page, 'Deleted before closing');
  // The delete reaches the server, but its answer is lost, and so are the retries', until the tab is closed.
  await page.route('**/rest/v1/columns*', async (route) => {
    if (route.request().method() !== 'DELETE') return route.continue();
    await route.fetch().catch(() => undefined);
    await route.abort('connectionreset');
  });
  await columnAction(page, 'Doing', 'Delete column…');
  await page
    .getByRole('dialog', { name: 'Delete column Doing?' })
    .getByRole('button', { name: 'Delete column' })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Cannot reach the server. Retrying…' }),
  ).toBeVisible();
  await page.close();

  const next = await context.newPage();
  await next.goto(path);
  await live(next);
  await expect(next.locator('.lane-head h2')).toHaveText([/^To do/, /^Done/]);
  // The replayed delete has been answered (the journal is empty) and said nothing.
  await boardWritesAnswered(next);
  // (The toasts' live region is always there, empty until something is said.)
  await expect(next.getByRole('alert')).toHaveText('');
});
