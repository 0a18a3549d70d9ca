/**
 * Checklists in the task panel and the card faces that count them (decisions 184, 185), in Chromium: items added
 * and checked while a teammate's board shows the progress live, a keyboard reorder that stays, an item turned
 * into a task, and a viewer who reads the checklist without a control; axe on the panel in both themes.
 */
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import {
  ACME_BOARD,
  ACME_ID,
  admin,
  adminPost,
  card,
  expect,
  live,
  seededTask,
  signedInPage,
  signInQuickly,
  test,
} from './fixtures.ts';

// Two browsers and several saves per test: more than the suite's 20 s default.
test.describe.configure({ timeout: 60_000 });

const BOARD_ID = ACME_BOARD.split('/').at(-1)!;
const panel = (page: Page): Locator => page.getByRole('dialog');
const checklists = (page: Page): Locator => panel(page).getByRole('region', { name: 'Checklists' });

/** A fresh task in a board's To do column (the seeded board unless told), with these items in its checklist. */
async function taskWithItems(title: string, items: string[] = [], boardId = BOARD_ID): Promise<string> {
  const id = await seededTask(title, { boardId });
  if (items.length > 0) {
    await adminPost(
      '/rest/v1/checklist_items',
      items.map((body) => ({ task_id: id, body })),
    );
  }
  return id;
}

const bodies = (page: Page) => checklists(page).locator('.checklist-body').allTextContents();

test('items added and checked in the panel show as 1/2 on a teammate’s board, live', async ({
  page,
  browser,
}) => {
  const title = `Checklist live ${Date.now().toString(36)}`;
  const id = await seededTask(title);
  const carol = await signedInPage(browser, 'carol@lanes.test');
  await carol.goto(ACME_BOARD);
  await live(carol);
  await expect(card(carol, title)).toBeVisible();
  await expect(card(carol, title).locator('.lane-card-count')).toHaveCount(0);

  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(`${ACME_BOARD}/t/${id}`);
  await live(page);
  await expect(checklists(page).getByText('No checklist yet.')).toBeVisible();
  // The first checklist is named "Checklist" unless renamed; its first item comes with it.
  await checklists(page).getByLabel('First item').fill('Write the announcement');
  await checklists(page).getByRole('button', { name: 'Add checklist' }).click();
  const add = checklists(page).getByLabel('Add an item to Checklist');
  await add.fill('Send it to the list');
  await add.press('Enter');
  await expect(add).toHaveValue('');
  expect(await bodies(page)).toEqual(['Write the announcement', 'Send it to the list']);
  await checklists(page).getByRole('checkbox', { name: 'Write the announcement' }).check();
  await expect(checklists(page).locator('.checklist-count')).toHaveText('Done: 1/2');

  await expect(card(carol, title)).toContainText('Checklist 1/2');
  // The activity says it in plain words.
  await expect(panel(page).getByText('checked off “Write the announcement”')).toBeVisible();

  await expectAccessible(page, 'task panel with a checklist (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'task panel with a checklist (dark)');
  await carol.context().close();
});

test('reorder by keyboard stays; an item turned into a task lands in the same column', async ({ page }) => {
  const title = `Checklist order ${Date.now().toString(36)}`;
  // A board of its own: by now the seeded board's To do holds more cards than its first render shows.
  const [board] = (await adminPost('/rest/v1/boards', { workspace_id: ACME_ID, name: title })) as {
    id: string;
  }[];
  await adminPost('/rest/v1/columns', { board_id: board!.id, name: 'To do' });
  const id = await taskWithItems(title, ['Alpha', 'Bravo', 'Charlie'], board!.id);
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(`/w/acme/b/${board!.id}/t/${id}`);
  await live(page);
  expect(await bodies(page)).toEqual(['Alpha', 'Bravo', 'Charlie']);

  const handle = checklists(page).getByRole('button', { name: 'Move Charlie' });
  await handle.focus();
  await page.keyboard.press('ArrowUp');
  await expect(checklists(page).getByText('Charlie moved to position 2 of 3.')).toBeAttached();
  // The handle keeps the focus, so the next arrow moves the same item.
  await expect(handle).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(checklists(page).getByText('Charlie moved to position 1 of 3.')).toBeAttached();
  await expect.poll(() => bodies(page)).toEqual(['Charlie', 'Alpha', 'Bravo']);
  // Stored: the order survives a reload (the move is saved before the page is read again).
  await expect
    .poll(async () => {
      await page.reload();
      return bodies(page);
    })
    .toEqual(['Charlie', 'Alpha', 'Bravo']);

  await checklists(page).getByRole('button', { name: 'Make task of Alpha' }).click();
  await expect(checklists(page).getByText('Alpha', { exact: true })).toHaveCount(0);
  const made = card(page, 'Alpha');
  await expect(made).toBeVisible();
  await expect(page.locator('.lane').filter({ has: made }).locator('h2')).toContainText('To do');
  await expect(card(page, title)).toContainText('Checklist 0/2');
});

test('a viewer reads the checklist without a control', async ({ page }) => {
  const title = `Checklist read ${Date.now().toString(36)}`;
  const id = await taskWithItems(title, ['Look only']);
  await signInQuickly(page, 'dave@lanes.test');
  await page.goto(`${ACME_BOARD}/t/${id}`);
  await expect(checklists(page).getByText('Look only')).toBeVisible();
  await expect(checklists(page).getByRole('checkbox', { name: 'Look only' })).toBeDisabled();
  await expect(checklists(page).getByRole('button')).toHaveCount(0);
  await expect(checklists(page).getByRole('textbox')).toHaveCount(0);
  // A hand-made post changes nothing.
  const [item] = (await admin(`/rest/v1/checklist_items?task_id=eq.${id}&select=id`, { method: 'GET' })) as {
    id: string;
  }[];
  const response = await page.request.post(`${ACME_BOARD}/t/${id}`, {
    form: { intent: 'checklist-check', itemId: item!.id, value: 'true' },
  });
  expect(response.status()).toBeLessThan(500);
  await page.reload();
  await expect(checklists(page).getByRole('checkbox', { name: 'Look only' })).not.toBeChecked();
  await expectAccessible(page, 'task panel with a checklist, viewer');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a checklist is started and added to with the plain forms', async ({ page }) => {
    const title = `Checklist plain ${Date.now().toString(36)}`;
    const id = await seededTask(title);
    await signInQuickly(page, 'alice@lanes.test');
    await page.goto(`${ACME_BOARD}/t/${id}`);
    await checklists(page).getByLabel('First item').fill('Works without scripts');
    await checklists(page).getByRole('button', { name: 'Add checklist' }).click();
    await expect(checklists(page).locator('.checklist-body')).toHaveText(['Works without scripts']);
    await checklists(page).getByLabel('Add an item to Checklist').fill('So does this');
    await checklists(page).getByRole('button', { name: 'Add to Checklist' }).click();
    expect(await bodies(page)).toEqual(['Works without scripts', 'So does this']);
  });
});
