/**
 * Activity that tells the whole story (decision 193), in Chromium: the seeded rows name their people, and edits
 * made in the panel (title, due date, priority, label, description) read as plain sentences with the actor's
 * name; axe on the panel in both themes.
 */
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { ACME_BOARD, admin, card, expect, live, shot, signInQuickly, test } from './fixtures.ts';
import { assign, pick, sidebar, toggleLabels, typeDue } from './panel-pickers.ts';

test.describe.configure({ timeout: 60_000 });

const activity = (page: Page): Locator => page.getByRole('dialog').getByRole('region', { name: 'Activity' });

test('the seeded story names its people', async ({ page }) => {
  const [task] = (await admin('/rest/v1/tasks?title=eq.Write%20the%20launch%20announcement&select=id', {
    method: 'GET',
  })) as { id: string }[];
  await signInQuickly(page, 'dave@lanes.test');
  await page.goto(`${ACME_BOARD}/t/${task!.id}`);
  const lines = activity(page).locator('li');
  await expect(lines.filter({ hasText: 'Alice Owner created this task' })).toHaveCount(1);
  await expect(lines.filter({ hasText: /^Carol Member changed the due date from \w{3} \d+/ })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'Alice Owner added label Docs' })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'Someone' })).toHaveCount(0);
});

test('edits in the panel read as sentences with the editor’s name', async ({ page }) => {
  await signInQuickly(page, 'carol@lanes.test');
  await page.goto(ACME_BOARD);
  await live(page);
  const title = `Story ${Date.now().toString(36)}`;
  const field = page.getByLabel('New task in To do');
  await field.fill(title);
  await field.press('Enter');
  await expect(card(page, title)).toBeVisible();
  const id = await page.locator('[data-task-id]').filter({ hasText: title }).getAttribute('data-task-id');
  await page.goto(`${ACME_BOARD}/t/${id}`);
  await live(page);
  const dialog = page.getByRole('dialog');
  const titleField = dialog.getByLabel('Title');
  await titleField.fill(`${title} renamed`);
  await titleField.press('Enter');
  await expect(activity(page)).toContainText(
    `Carol Member renamed this from “${title}” to “${title} renamed”`,
  );
  const props = await sidebar(dialog);
  await typeDue(props, '2030-05-17');
  await expect(activity(page)).toContainText('Carol Member set the due date to May 17, 2030');
  await pick(page, props, 'Priority', 'High');
  await expect(activity(page)).toContainText('Carol Member set the priority to High');
  await toggleLabels(page, props, ['Design']);
  await expect(activity(page)).toContainText('Carol Member added label Design');
  await assign(page, props, 'Bob Admin');
  await expect(activity(page)).toContainText('Carol Member assigned it to Bob Admin');

  await expectAccessible(page, 'task panel activity (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'task panel activity (dark)');
  if (process.env.E2E_SHOTS) {
    await shot(activity(page), 'activity/activity-dark.png');
    await page.emulateMedia({ colorScheme: 'light' });
    await shot(activity(page), 'activity/activity-light.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await activity(page).scrollIntoViewIfNeeded();
    await shot(page, 'activity/activity-390.png');
  }
});
