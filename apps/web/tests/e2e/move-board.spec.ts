/**
 * Moving a card to another board of the workspace from its menu, by keyboard (issue 24, decision 198): the
 * dialog reads the other boards when it opens, the card leaves the mover's board, a teammate's old board loses
 * it live and a teammate on the new board sees it arrive at the top of the chosen column, with its new number.
 * Axe on the dialog in both themes.
 */
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { ACME_ID, adminPost, card, expect, live, signInQuickly, test } from './fixtures.ts';

test.describe.configure({ timeout: 60_000 });

/** A board of Acme with the given columns, made with the service key; answers its path and column ids. */
async function boardWith(name: string, columns: string[]) {
  const [board] = (await adminPost('/rest/v1/boards', { workspace_id: ACME_ID, name })) as { id: string }[];
  const ids: string[] = [];
  for (const column of columns) {
    const [row] = (await adminPost('/rest/v1/columns', { board_id: board!.id, name: column })) as {
      id: string;
    }[];
    ids.push(row!.id);
  }
  return { id: board!.id, path: `/w/acme/b/${board!.id}`, columns: ids };
}

async function addTask(boardId: string, columnId: string, title: string) {
  await adminPost('/rest/v1/tasks', { board_id: boardId, column_id: columnId, title });
}

async function onBoard(browser: Browser, email: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_APP_URL });
  const page = await context.newPage();
  await signInQuickly(page, email);
  await page.goto(path);
  await live(page);
  return page;
}

test('a card moves to another board by keyboard; the old board loses it live, the new one gains it', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const from = await boardWith(`Move from ${stamp}`, ['To do']);
  const to = await boardWith(`Move to ${stamp}`, ['Backlog', 'Next']);
  const title = `Travelling card ${stamp}`;
  await addTask(from.id, from.columns[0]!, title);
  await addTask(to.id, to.columns[0]!, `Waiting card ${stamp}`);

  // Teammates: Carol on the board the card leaves, Bob on the board it goes to.
  const carol = await onBoard(browser, 'carol@lanes.test', from.path);
  const bob = await onBoard(browser, 'bob@lanes.test', to.path);
  await expect(card(carol, title)).toBeVisible();

  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(from.path);
  await live(page);
  await card(page, title).focus();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: `Actions for ${title}` });
  await expect(menu.getByRole('menuitem', { name: 'Move to…' })).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: `Move ${title}` });
  const columnField = dialog.getByLabel('Column', { exact: true });
  await expect(columnField).toBeFocused();
  // The board comes before the column: Shift+Tab reaches it. Its other boards are read as the dialog opens.
  await page.keyboard.press('Shift+Tab');
  const boardField = dialog.getByLabel('Board', { exact: true });
  await expect(boardField).toBeFocused();
  await expect(boardField.locator('option', { hasText: `Move to ${stamp}` })).toBeAttached();
  await expect(dialog.getByRole('status')).toHaveText('');
  await expectAccessible(page, 'move dialog (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'move dialog (dark)');
  await page.emulateMedia({ colorScheme: 'light' });

  await boardField.selectOption({ label: `Move to ${stamp}` });
  await expect(columnField.locator('option')).toHaveText(['Backlog', 'Next']);
  await page.keyboard.press('Tab');
  await expect(columnField).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Top of the column')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);

  // Gone here at once; the toast says where it went and its number there (#2: the board's second task).
  await expect(card(page, title)).toHaveCount(0);
  await expect(page.locator('.toasts')).toContainText(`moved to Move to ${stamp}, Backlog, as #2`);
  // Live for both teammates (generous deadlines: a loaded CI machine delivers late, never wrongly).
  await expect(card(carol, title)).toHaveCount(0, { timeout: 20_000 });
  const backlog = bob
    .locator('[data-column-id]')
    .filter({ has: bob.getByRole('heading', { name: /^Backlog\b/ }) });
  await expect(backlog.locator('.lane-card-title')).toHaveText([title, `Waiting card ${stamp}`], {
    timeout: 20_000,
  });

  // Stored: the new board, read afresh, holds it with its new number.
  await page.goto(to.path);
  await expect(card(page, title)).toContainText('#2');
  // Its activity names both boards.
  await card(page, title).click();
  await expect(page.getByRole('dialog', { name: title })).toContainText(
    `moved it from board “Move from ${stamp}” (#1) to “Move to ${stamp}”, Backlog, as #2`,
  );
  await carol.context().close();
  await bob.context().close();
});
