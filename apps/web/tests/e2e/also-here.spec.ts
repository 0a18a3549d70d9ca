/**
 * Issue 25, "who else has this task open shown in the panel": the board's presence says which task's panel each
 * person has open, and the panel lists the others who have its task open. Live both ways, gone when a
 * teammate closes the panel or opens another card; axe on the panel with the list in both themes.
 */
import { expectAccessible } from './accessibility.ts';
import { ACME_BOARD, card, expect, live, seededTask, signedInPage, test } from './fixtures.ts';

test('the panel shows who else has the task open, live, and forgets them when they close it', async ({
  browser,
}) => {
  // Two browsers, each joining the board's channel, and axe twice: more than the suite's default.
  test.setTimeout(60_000);
  const title = `Pair on this ${Date.now()}`;
  const other = `Look elsewhere ${Date.now()}`;
  await seededTask(title);
  await seededTask(other);

  const alice = await signedInPage(browser, 'alice@lanes.test');
  const carol = await signedInPage(browser, 'carol@lanes.test');
  for (const page of [alice, carol]) {
    await page.goto(ACME_BOARD);
    await live(page);
  }
  await card(alice, title).click();
  const alicePanel = alice.getByRole('dialog');
  await expect(alicePanel.getByRole('heading', { name: title })).toBeVisible();
  // Alone with it: no list.
  await expect(alicePanel.getByRole('list', { name: /^Also here/ })).toHaveCount(0);

  // Carol opens the same card by keyboard: each sees the other.
  await card(carol, title).focus();
  await carol.keyboard.press('Enter');
  const carolPanel = carol.getByRole('dialog');
  await expect(carolPanel.getByRole('list', { name: 'Also here: Alice Owner' })).toBeVisible();
  await expect(alicePanel.getByRole('list', { name: 'Also here: Carol Member' })).toBeVisible();
  await expect(alicePanel.getByRole('img', { name: 'Carol Member has this task open' })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await alice.emulateMedia({ colorScheme });
    await expectAccessible(alice, `task panel with Also here (${colorScheme})`);
  }

  // Carol closes her panel (Esc), then opens another card: she is no longer with Alice's task.
  await carol.keyboard.press('Escape');
  await expect(carolPanel).toHaveCount(0);
  await expect(alicePanel.getByRole('list', { name: /^Also here/ })).toHaveCount(0);
  await card(carol, other).click();
  await expect(carol.getByRole('dialog').getByRole('heading', { name: other })).toBeVisible();
  await expect(alicePanel.getByRole('list', { name: /^Also here/ })).toHaveCount(0);
  await alice.context().close();
  await carol.context().close();
});
