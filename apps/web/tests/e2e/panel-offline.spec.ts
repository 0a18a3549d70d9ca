/**
 * The task panel's writes go through the board's write queue (decision 196), in Chromium: a field changed, a
 * checklist item ticked and a comment posted offline show at once (the comment as not sent yet), pass axe in both themes while they wait,
 * and are stored once the connection is back — or, when the tab was closed offline, once the board is opened
 * again. The server is read with the service key, never through the page.
 */
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import {
  ACME_BOARD,
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
import { pick, pickerButton, sidebar } from './panel-pickers.ts';

test.describe.configure({ timeout: 90_000 });

const panel = (page: Page): Locator => page.getByRole('dialog');

/** The task's priority and comments as the database holds them. */
async function stored(taskId: string): Promise<{ priority: string; comments: string[] }> {
  const [task] = (await admin(`/rest/v1/tasks?id=eq.${taskId}&select=priority`, { method: 'GET' })) as {
    priority: string;
  }[];
  const comments = (await admin(`/rest/v1/comments?task_id=eq.${taskId}&select=body&order=created_at`, {
    method: 'GET',
  })) as { body: string }[];
  return { priority: task!.priority, comments: comments.map((c) => c.body) };
}

/** Whether the task's checklist item is ticked in the database. */
async function ticked(taskId: string): Promise<boolean> {
  const [item] = (await admin(`/rest/v1/checklist_items?task_id=eq.${taskId}&select=done`, {
    method: 'GET',
  })) as { done: boolean }[];
  return item!.done;
}

/** Opens the task's panel over the live board, then cuts the connection. */
async function offlineInPanel(page: Page, id: string) {
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(`${ACME_BOARD}/t/${id}`);
  await expect(page.locator('.board[data-connection="live"]')).toBeAttached({ timeout: 30_000 });
  await expect(panel(page).getByRole('combobox', { name: 'New comment' })).toBeVisible();
  await sidebar(panel(page));
  // The panel's side of the board's writes is fetched after the first paint; offline it must be here (decision 203).
  await expect(page.locator('html[data-panel-code="ready"]')).toBeAttached({ timeout: 30_000 });
  await goOffline(page);
  await expect(page.locator('.board[data-connection="offline"]')).toBeAttached({ timeout: 30_000 });
}

/** Raises the priority and posts a comment while offline; both show at once, neither is stored yet. */
async function editOffline(page: Page, id: string, comment: string) {
  const props = await sidebar(panel(page));
  await pick(page, props, 'Priority', 'High');
  await panel(page).getByRole('combobox', { name: 'New comment' }).fill(comment);
  await panel(page).getByRole('button', { name: 'Comment', exact: true }).click();
  const queued = panel(page).locator('.comment.is-queued', { hasText: comment });
  await expect(queued).toContainText('Will be sent when you’re back online');
  await expect(pickerButton(props, 'Priority')).toHaveAccessibleName(/^High/);
  await expect(panel(page).getByRole('combobox', { name: 'New comment' })).toHaveValue('');
  await expect(page.getByText(/Your \d+ changes will be saved when the connection is back/)).toBeVisible();
  expect(await stored(id)).toEqual({ priority: 'none', comments: [] });
}

test('a field change and a comment made offline in the panel are stored after reconnecting', async ({
  page,
  context,
}) => {
  const title = `Offline panel ${Date.now().toString(36)}`;
  const id = await seededTask(title);
  await adminPost('/rest/v1/checklist_items', { task_id: id, body: 'Pack the charger' });
  await offlineInPanel(page, id);
  await editOffline(page, id, 'Written on the train');
  const item = panel(page).getByRole('checkbox', { name: 'Pack the charger' });
  const count = panel(page).locator('.checklist-count');
  await expect(count).toHaveText('Done: 0/1');
  await item.check();
  await expect(item).toBeChecked();
  // The checklist's count moves with the tick, while it waits in the queue.
  await expect(count).toHaveText('Done: 1/1');
  expect(await ticked(id)).toBe(false);
  // The card under the panel shows the new priority before the server has it.
  await expect(card(page, title).locator('.priority-high')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await shot(page, `queue/pending-${scheme}.png`);
    await expectAccessible(page, `panel with a pending write (${scheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const desk = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await panel(page).locator('.comment.is-queued').scrollIntoViewIfNeeded();
  await shot(page, 'queue/pending-phone.png');
  await page.setViewportSize(desk);

  await context.setOffline(false);
  await expect
    .poll(() => stored(id), { timeout: 30_000 })
    .toEqual({ priority: 'high', comments: ['Written on the train'] });
  await expect.poll(() => ticked(id), { timeout: 30_000 }).toBe(true);
  // The comment leaves the waiting list for the thread itself, once.
  await expect(panel(page).locator('.comment.is-queued')).toHaveCount(0, { timeout: 30_000 });
  await expect(panel(page).locator('.comment-body', { hasText: 'Written on the train' })).toHaveCount(1);
  await expect(pickerButton(await sidebar(panel(page)), 'Priority')).toHaveAccessibleName(/^High/);
});

test('panel writes queued offline survive closing the tab and are stored when the board opens again', async ({
  page,
  context,
}) => {
  const title = `Closed panel ${Date.now().toString(36)}`;
  const id = await seededTask(title);
  await offlineInPanel(page, id);
  await editOffline(page, id, 'Sent after the tab closed');
  await endOfflineTab(page);
  expect(await stored(id)).toEqual({ priority: 'none', comments: [] });

  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto(ACME_BOARD);
  await expect
    .poll(() => stored(id), { timeout: 30_000 })
    .toEqual({ priority: 'high', comments: ['Sent after the tab closed'] });
  await expect(card(next, title).locator('.priority-high')).toBeVisible({ timeout: 30_000 });
});
