/**
 * The task panel's property sidebar (decision 200), in Chromium: column, assignee, due date, priority and
 * labels changed with the keyboard alone, each shown on the board's card and stored; Esc closes a picker and
 * leaves the panel open; axe in both themes with the sidebar and with a picker open; at phone width the
 * properties sit above the text; the plain forms take exactly the pickers' place; without JavaScript they save.
 */
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import {
  ACME_BOARD,
  ACME_ID,
  admin,
  adminPost,
  card,
  createAccount,
  expect,
  live,
  seededTask,
  signInQuickly,
  test,
} from './fixtures.ts';
import { dueValue, option, pickerButton, sidebar } from './panel-pickers.ts';

test.describe.configure({ timeout: 90_000 });

const panel = (page: Page): Locator => page.getByRole('dialog');
/** The seeded board's columns by name. */
const COLUMNS = {
  'To do': 'c0000000-0000-4000-8000-000000000011',
  Doing: 'c0000000-0000-4000-8000-000000000012',
};
const column = (page: Page, name: keyof typeof COLUMNS) =>
  page.locator(`[data-column-id="${COLUMNS[name]}"]`);

/** The task as the database holds it, read with the service key. */
async function stored(taskId: string) {
  const [task] = (await admin(
    `/rest/v1/tasks?id=eq.${taskId}&select=priority,due_on,assignee_id,columns(name),task_labels(labels(name))`,
    { method: 'GET' },
  )) as {
    priority: string;
    due_on: string | null;
    assignee_id: string | null;
    columns: { name: string };
    task_labels: { labels: { name: string } }[];
  }[];
  return {
    priority: task!.priority,
    due: task!.due_on,
    assigned: task!.assignee_id !== null,
    column: task!.columns.name,
    labels: task!.task_labels.map((l) => l.labels.name).sort(),
  };
}

test('every property changes by keyboard alone and shows on the card', async ({ page }) => {
  const title = `Sidebar keys ${Date.now().toString(36)}`;
  const id = await seededTask(title);
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(`${ACME_BOARD}/t/${id}`);
  await live(page);
  const props = await sidebar(panel(page));
  const onCard = card(page, title);

  // Priority: Alt+Down opens the list on the selected option, a letter jumps to "Urgent", Enter picks it.
  await pickerButton(props, 'Priority').focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(option(page, 'No priority')).toBeFocused();
  await page.keyboard.press('u');
  await expect(option(page, 'Urgent')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pickerButton(props, 'Priority')).toHaveAccessibleName(/^Urgent/);
  await expect(onCard.locator('.priority')).toContainText('urgent');

  // Assignee: type to filter, arrow to the match, Enter. (Other specs add a "Carol Chen" to the workspace.)
  const assignee = props.getByRole('combobox', { name: 'Assignee' });
  await assignee.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Carol M');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Carol Member']);
  // Esc closes the open list, not the panel.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(panel(page)).toBeVisible();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Carol M');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Carol Member']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(assignee).toHaveValue('Carol Member');
  await expect(onCard.getByRole('img', { name: 'Carol Member' })).toBeVisible();

  // Due date: typed into its segments (month, day, year), then cleared and picked again in the calendar.
  const due = props.getByRole('group', { name: 'Due date' });
  await due.getByRole('spinbutton', { name: /^month/ }).focus();
  await page.keyboard.type('05172030');
  await expect.poll(() => dueValue(props)).toBe('2030-05-17');
  await expect(onCard.locator('time')).toHaveAttribute('datetime', '2030-05-17');
  await props.getByRole('button', { name: 'Open the calendar' }).focus();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: 'Choose a due date' });
  await expect(calendar.getByRole('button', { name: /May 17, 2030/ })).toBeFocused();
  await expectAccessible(page, 'task panel, calendar open (light)');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toHaveCount(0);
  await expect.poll(() => dueValue(props)).toBe('2030-05-18');
  await expect(onCard.locator('time')).toHaveAttribute('datetime', '2030-05-18');

  // Labels: Space opens the list, letters and Enter tick two, Esc closes the list — and only the list.
  await pickerButton(props, 'Labels').focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('b');
  await expect(option(page, 'Bug')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expect(option(page, 'Design')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(onCard.locator('.label-dot')).toHaveCount(2);
  await expectAccessible(page, 'task panel, labels open (light)');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(panel(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/t/${id}$`));
  await expect(pickerButton(props, 'Labels')).toBeFocused();

  // Column: Enter opens, arrow down to Doing, Enter moves the card there.
  await pickerButton(props, 'Column').focus();
  await page.keyboard.press('Enter');
  await expect(option(page, 'To do')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(column(page, 'Doing').locator('.lane-card-title')).toContainText([title]);
  await expect(column(page, 'To do').locator('.lane-card-title').filter({ hasText: title })).toHaveCount(0);

  await expect
    .poll(() => stored(id))
    .toEqual({
      priority: 'urgent',
      due: '2030-05-18',
      assigned: true,
      column: 'Doing',
      labels: ['Bug', 'Design'],
    });

  // A second Esc, with no picker open, closes the panel as before.
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await page.goto(`${ACME_BOARD}/t/${id}`);
  await sidebar(panel(page));
  await expectAccessible(page, 'task panel sidebar (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'task panel sidebar (dark)');
  await pickerButton(props, 'Priority').click();
  await expectAccessible(page, 'task panel, priority open (dark)');
});

test('at phone width the properties sit above the text and their pickers work', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const title = `Sidebar phone ${Date.now().toString(36)}`;
  const id = await seededTask(title);
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(`${ACME_BOARD}/t/${id}`);
  const props = await sidebar(panel(page));
  const description = panel(page).getByRole('region', { name: 'Description' });
  const [above, below] = [await props.boundingBox(), await description.boundingBox()];
  expect(above!.y + above!.height).toBeLessThanOrEqual(below!.y);
  expect(above!.width).toBeLessThanOrEqual(390);

  await pickerButton(props, 'Priority').click();
  await option(page, 'High').click();
  await expect(pickerButton(props, 'Priority')).toHaveAccessibleName(/^High/);
  await expect.poll(async () => (await stored(id)).priority).toBe('high');
  await expectAccessible(page, 'task panel sidebar, phone (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'task panel sidebar, phone (dark)');
});

/** A property's control, whichever stands there: the plain form's or, once it has mounted, the picker's. */
const control = (props: Locator, label: string) =>
  props
    .locator('.task-prop', { has: props.page().locator('dt', { hasText: label }) })
    .locator('.task-prop-control');

/** The task URL opened with the pickers' code in the page and, nobody having come near, the plain forms. */
async function untouched(page: Page, id: string): Promise<Locator> {
  await page.goto(`${ACME_BOARD}/t/${id}`);
  await expect(page.locator('html[data-prop-pickers="ready"]')).toBeAttached({ timeout: 30_000 });
  const props = panel(page).getByRole('region', { name: 'Properties' });
  await expect(props).toHaveAttribute('data-pickers', 'plain');
  return props;
}

test('tabbing into the sidebar lands on the column picker, and Enter opens its list', async ({ page }) => {
  const id = await seededTask(`Sidebar tab ${Date.now().toString(36)}`);
  await signInQuickly(page, 'alice@lanes.test');
  const props = await untouched(page, id);
  const inSidebar = () => page.evaluate(() => Boolean(document.activeElement?.closest('.task-props')));
  for (let presses = 0; !(await inSidebar()); presses += 1) {
    expect(presses, 'Tab reaches the sidebar').toBeLessThan(60);
    await page.keyboard.press('Tab');
  }
  // The plain select gave way to the picker as focus came in; focus went with it.
  await expect(pickerButton(props, 'Column')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(option(page, 'To do')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(pickerButton(props, 'Column')).toBeFocused();
});

test('one click on the priority control opens its list, though its picker was not there yet', async ({
  page,
}) => {
  const id = await seededTask(`Sidebar click ${Date.now().toString(36)}`);
  await signInQuickly(page, 'alice@lanes.test');
  const props = await untouched(page, id);
  await control(props, 'Priority').click();
  await option(page, 'High').click();
  await expect(pickerButton(props, 'Priority')).toHaveAccessibleName(/^High/);
  await expect.poll(async () => (await stored(id)).priority).toBe('high');
});

test('the plain forms take the pickers’ place exactly, so nothing moves when the pickers arrive', async ({
  page,
}) => {
  const id = await seededTask(`Sidebar place ${Date.now().toString(36)}`, { due_on: '2030-05-17' });
  await signInQuickly(page, 'alice@lanes.test');
  // Each property's box (its size: where the panel sits depends on the title's lines, not on the sidebar).
  const places = async () => {
    await page.evaluate(() => document.fonts.ready);
    return panel(page)
      .locator('.task-prop dd')
      .evaluateAll((cells) =>
        cells.map((c) => `${c.getBoundingClientRect().width}x${c.getBoundingClientRect().height}`),
      );
  };
  // The pickers' code cannot be fetched: the plain forms stay, with JavaScript running.
  await page.route(/\/prop-pickers-[\w-]+\.js$/, (route) => route.abort());
  const refused = page.waitForEvent('requestfailed', (request) => /\/prop-pickers-/.test(request.url()));
  await page.goto(`${ACME_BOARD}/t/${id}`);
  await refused;
  const props = panel(page).getByRole('region', { name: 'Properties' });
  await expect(props).toHaveAttribute('data-pickers', 'plain');
  const plain = await places();
  await page.unroute(/\/prop-pickers-[\w-]+\.js$/);
  await page.reload();
  await sidebar(panel(page));
  expect(await places()).toEqual(plain);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the property forms post and the panel shows what was saved', async ({ page }) => {
    const title = `Sidebar no-JS ${Date.now().toString(36)}`;
    const id = await seededTask(title);
    await signInQuickly(page, 'alice@lanes.test');
    await page.goto(`${ACME_BOARD}/t/${id}`);
    const props = panel(page).getByRole('region', { name: 'Properties' });
    await expect(props).toHaveAttribute('data-pickers', 'plain');

    await props.getByRole('combobox', { name: 'Priority' }).selectOption('low');
    await props.getByRole('button', { name: 'Save priority' }).click();
    await expect(props.getByRole('combobox', { name: 'Priority' })).toHaveValue('low');

    await props.getByRole('combobox', { name: 'Column' }).selectOption({ label: 'Doing' });
    await props.getByRole('button', { name: 'Save column' }).click();
    await expect(column(page, 'Doing').locator('.lane-card-title')).toContainText([title]);
    expect(await stored(id)).toMatchObject({ priority: 'low', column: 'Doing' });
  });

  test('a refused property save shows its reason at the field, with what was posted', async ({ page }) => {
    // A board of its own: its label and column are deleted under the open page, as a teammate would.
    const [board] = (await adminPost('/rest/v1/boards', {
      workspace_id: ACME_ID,
      name: 'No-JS refusals',
    })) as {
      id: string;
    }[];
    const columnOf = async (name: string) =>
      ((await adminPost('/rest/v1/columns', { board_id: board!.id, name })) as { id: string }[])[0]!.id;
    const todo = await columnOf('To do');
    const doing = await columnOf('Doing');
    const labelOf = async (name: string) =>
      (
        (await adminPost('/rest/v1/labels', { board_id: board!.id, name, color: 'blue' })) as { id: string }[]
      )[0]!.id;
    await labelOf('Keep');
    const gone = await labelOf('Gone');
    const [task] = (await adminPost('/rest/v1/tasks', {
      board_id: board!.id,
      column_id: todo,
      title: 'Refused without JavaScript',
    })) as { id: string }[];
    await signInQuickly(page, 'alice@lanes.test');
    await page.goto(`/w/acme/b/${board!.id}/t/${task!.id}`);
    const props = panel(page).getByRole('region', { name: 'Properties' });
    const prop = (name: string) =>
      props.locator('.task-prop').filter({ has: page.getByText(name, { exact: true }) });

    // Labels: both ticked, then "Gone" is deleted before Save.
    await props.locator('.task-prop-details summary').click();
    await props.getByRole('checkbox', { name: 'Keep' }).check();
    await props.getByRole('checkbox', { name: 'Gone' }).check();
    await admin(`/rest/v1/labels?id=eq.${gone}`, { method: 'DELETE' });
    await props.getByRole('button', { name: 'Save labels' }).click();
    await expect(prop('Labels').getByRole('alert')).not.toBeEmpty();
    // Nothing was stored, and what was posted is still ticked (the deleted label is no longer offered).
    await props.locator('.task-prop-details summary').click();
    await expect(props.getByRole('checkbox', { name: 'Keep' })).toBeChecked();
    const labelsNow = (await admin(`/rest/v1/task_labels?task_id=eq.${task!.id}&select=label_id`, {
      method: 'GET',
    })) as unknown[];
    expect(labelsNow).toEqual([]);
    await expect(prop('Column').getByRole('alert')).toHaveCount(0);

    // Column: "Doing" is deleted before Save; the refusal is shown at the column, the labels' is gone.
    await props.getByRole('combobox', { name: 'Column' }).selectOption({ label: 'Doing' });
    await admin(`/rest/v1/columns?id=eq.${doing}`, { method: 'DELETE' });
    await props.getByRole('button', { name: 'Save column' }).click();
    await expect(prop('Column').getByRole('alert')).not.toBeEmpty();
    await expect(props.getByRole('combobox', { name: 'Column' })).toHaveAccessibleDescription(/\S/);
    await expect(prop('Labels').getByRole('alert')).toHaveCount(0);
    expect(await stored(task!.id)).toMatchObject({ column: 'To do' });
  });

  test('a member made a viewer meanwhile is told at the field, beside the stored value', async ({ page }) => {
    const person = await createAccount('Nojs Demoted', 'member');
    const id = await seededTask(`Sidebar demoted ${Date.now().toString(36)}`, { priority: 'low' });
    await signInQuickly(page, person.email);
    await page.goto(`${ACME_BOARD}/t/${id}`);
    const props = panel(page).getByRole('region', { name: 'Properties' });
    await props.getByRole('combobox', { name: 'Priority' }).selectOption('urgent');
    await admin(`/rest/v1/workspace_members?workspace_id=eq.${ACME_ID}&user_id=eq.${person.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ role: 'viewer' }),
    });
    await props.getByRole('button', { name: 'Save priority' }).click();
    const priority = props.locator('.task-prop').filter({ has: page.getByText('Priority', { exact: true }) });
    await expect(priority.getByRole('alert')).not.toBeEmpty();
    await expect(priority).toContainText('Low');
    await expect(priority.getByRole('combobox')).toHaveCount(0);
    expect(await stored(id)).toMatchObject({ priority: 'low' });
  });
});
