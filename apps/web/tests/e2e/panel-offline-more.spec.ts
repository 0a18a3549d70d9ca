/**
 * The rest of the task panel's writes go through the board's write queue (decision 202), and a card clicked
 * offline opens from the board's copy of the task (decision 203), in Chromium: done, archive and a checklist
 * add made offline show at once in the panel and on the board and are stored once the connection is back; a card
 * opened offline says what it cannot show, passes axe in both themes, takes an edit, and reads the whole task
 * when the browser is back online. The server is read with the service key, never through the page.
 */
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import {
  ACME_BOARD,
  ACME_ID,
  admin,
  adminPost,
  card,
  endOfflineTab,
  expect,
  goOffline,
  seededTask,
  shot,
  signInQuickly,
  test,
} from './fixtures.ts';
import { option, pick, sidebar } from './panel-pickers.ts';

test.describe.configure({ timeout: 90_000 });

const panel = (page: Page): Locator => page.getByRole('dialog');
const ALICE = '11111111-1111-4111-8111-111111111111';
const DONE_COLUMN = '[data-column-id="c0000000-0000-4000-8000-000000000013"]';

/** The task as the database holds it, and its checklist items' bodies. */
async function stored(taskId: string) {
  const [task] = (await admin(`/rest/v1/tasks?id=eq.${taskId}&select=priority,completed_at,archived_at`, {
    method: 'GET',
  })) as { priority: string; completed_at: string | null; archived_at: string | null }[];
  const items = (await admin(`/rest/v1/checklist_items?task_id=eq.${taskId}&select=body`, {
    method: 'GET',
  })) as { body: string }[];
  return {
    priority: task!.priority,
    done: task!.completed_at !== null,
    archived: task!.archived_at !== null,
    items: items.map((i) => i.body),
  };
}

/** The board is live and has fetched the panel's code ahead (decision 203), then the connection is cut. */
async function offlineWithPanelCode(page: Page) {
  await expect(page.locator('.board[data-connection="live"]')).toBeAttached({ timeout: 30_000 });
  await expect(page.locator('html[data-panel-code="ready"]')).toBeAttached({ timeout: 30_000 });
  await goOffline(page);
  await expect(page.locator('.board[data-connection="offline"]')).toBeAttached({ timeout: 30_000 });
}

test('done, a checklist add and archive made offline in the panel show at once and are stored after reconnecting', async ({
  page,
  context,
}) => {
  const title = `Offline done ${Date.now().toString(36)}`;
  const id = await seededTask(title);
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(`${ACME_BOARD}/t/${id}`);
  await expect(panel(page).getByRole('combobox', { name: 'New comment' })).toBeVisible({ timeout: 30_000 });
  await offlineWithPanelCode(page);

  await panel(page).getByRole('checkbox', { name: 'Done' }).check();
  // The card goes to the done column at once, before the server has it.
  await expect(page.locator(DONE_COLUMN).locator('.lane-card-body', { hasText: title })).toBeVisible();
  await panel(page).getByLabel('First item').fill('Pack the charger');
  await panel(page).getByRole('button', { name: 'Add checklist' }).click();
  await expect(panel(page).getByRole('checkbox', { name: 'Pack the charger' })).toBeVisible();
  await expect(card(page, title)).toContainText('0/1');
  await panel(page).getByRole('button', { name: 'Archive' }).click();
  await expect(panel(page).getByRole('button', { name: 'Restore' })).toBeVisible();
  await expect(card(page, title)).toHaveCount(0);
  await expect(page.getByText(/Your \d+ changes will be saved when the connection is back/)).toBeVisible();
  expect(await stored(id)).toEqual({ priority: 'none', done: false, archived: false, items: [] });

  await context.setOffline(false);
  await expect
    .poll(() => stored(id), { timeout: 30_000 })
    .toEqual({ priority: 'none', done: true, archived: true, items: ['Pack the charger'] });
  await expect(panel(page).getByRole('checkbox', { name: 'Pack the charger' })).toHaveCount(1);
});

test('a card opened offline shows the board’s copy and what it cannot show, takes an edit, and reads the task once back online', async ({
  page,
  context,
}) => {
  const title = `Offline copy ${Date.now().toString(36)}`;
  const id = await seededTask(title);
  await adminPost('/rest/v1/checklist_items', { task_id: id, body: 'Book the train' });
  await adminPost('/rest/v1/comments', { task_id: id, author_id: ALICE, body: 'Written before' });
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(ACME_BOARD);
  // The panel's code is fetched ahead once the board is live; only then can a card open without a network.
  await expect(page.locator('html[data-panel-code="ready"]')).toBeAttached({ timeout: 30_000 });
  // And the property pickers', fetched with it (decision 200).
  await expect(page.locator('html[data-prop-pickers="ready"]')).toBeAttached({ timeout: 30_000 });
  await offlineWithPanelCode(page);

  await card(page, title).click();
  const note = panel(page).getByRole('status').filter({ hasText: 'You are offline.' });
  await expect(note).toContainText(
    'description, comments, files and activity show once the connection is back',
  );
  await expect(note).toContainText('1 comment');
  await expect(panel(page).getByText('0 of 1 items done')).toBeVisible();
  await expect(panel(page).getByText('In To do')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await shot(page, `queue/copy-${scheme}.png`);
    await expectAccessible(page, `panel opened offline from the board's copy (${scheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const desk = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'queue/copy-phone.png');
  await page.setViewportSize(desk);

  await pick(page, await sidebar(panel(page)), 'Priority', 'High');
  await expect(card(page, title).locator('.priority-high')).toBeVisible();

  await context.setOffline(false);
  // The whole panel takes the copy's place: the thread, the checklist's items, the new-comment box.
  await expect(panel(page).getByRole('combobox', { name: 'New comment' })).toBeVisible({ timeout: 30_000 });
  await expect(panel(page).getByRole('checkbox', { name: 'Book the train' })).toBeVisible();
  await expect(note).toHaveCount(0);
  await expect.poll(async () => (await stored(id)).priority, { timeout: 30_000 }).toBe('high');
});

test('after a reload, the panel lists a comment still waiting in the journal, until the thread holds it', async ({
  page,
  context,
}) => {
  const title = `Journal comment ${Date.now().toString(36)}`;
  const id = await seededTask(title);
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(`${ACME_BOARD}/t/${id}`);
  await expect(panel(page).getByRole('combobox', { name: 'New comment' })).toBeVisible({ timeout: 30_000 });
  await offlineWithPanelCode(page);
  await panel(page).getByRole('combobox', { name: 'New comment' }).fill('Kept in the journal');
  await panel(page).getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(panel(page).locator('.comment.is-queued')).toContainText('Kept in the journal');
  await endOfflineTab(page);

  // Back online, but the comments endpoint still cannot be reached: the replayed comment keeps waiting.
  const blocked = '**/rest/v1/comments*';
  await context.route(blocked, (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto(`${ACME_BOARD}/t/${id}`);
  const waiting = panel(next).locator('.comment.is-queued', { hasText: 'Kept in the journal' });
  await expect(waiting).toBeVisible({ timeout: 30_000 });
  await expect(waiting).toContainText('Sending…');
  await context.unroute(blocked);
  await expect(panel(next).locator('.comment-body', { hasText: 'Kept in the journal' })).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(panel(next).locator('.comment.is-queued')).toHaveCount(0);
});

test('offline, the assignee picker offers the workspace’s members, not only the people on the board', async ({
  page,
  context,
}) => {
  // A board of its own where nobody is assigned: the board itself knows no one but the reader.
  const [board] = (await adminPost('/rest/v1/boards', { workspace_id: ACME_ID, name: 'Offline people' })) as {
    id: string;
  }[];
  const [column] = (await adminPost('/rest/v1/columns', { board_id: board!.id, name: 'To do' })) as {
    id: string;
  }[];
  const title = `Offline assignee ${Date.now().toString(36)}`;
  const [task] = (await adminPost('/rest/v1/tasks', {
    board_id: board!.id,
    column_id: column!.id,
    title,
  })) as {
    id: string;
  }[];
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(`/w/acme/b/${board!.id}`);
  await expect(page.locator('html[data-prop-pickers="ready"]')).toBeAttached({ timeout: 30_000 });
  await goOffline(page);

  await card(page, title).click();
  await expect(panel(page).getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  const box = (await sidebar(panel(page))).getByRole('combobox', { name: 'Assignee' });
  await box.fill('Bo');
  await expect(option(page, 'Bob Admin')).toBeVisible();
  // A viewer is not offered.
  await box.fill('Dav');
  await expect(page.getByRole('option', { name: 'Dave Viewer' })).toHaveCount(0);
  await box.fill('Car');
  await option(page, 'Carol Member').click();
  await expect(box).toHaveValue('Carol Member');

  await context.setOffline(false);
  const carol = '33333333-3333-4333-8333-333333333333';
  await expect
    .poll(
      async () =>
        (
          (await admin(`/rest/v1/tasks?id=eq.${task!.id}&select=assignee_id`, { method: 'GET' })) as {
            assignee_id: string | null;
          }[]
        )[0]?.assignee_id,
      { timeout: 30_000 },
    )
    .toBe(carol);
});
