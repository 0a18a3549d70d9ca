/**
 * The command palette, the card menu and the board's keys in Chromium, by keyboard only: Ctrl-K, type, arrows,
 * Enter opens a card's panel; the card menu moves a card to another column (still there after a reload); `?`
 * lists every shortcut and Esc closes it; j/k go from card to card. Axe on the palette and the sheet in both
 * themes (decisions 186, 187).
 */
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { boardWritesAnswered, card, expect, live, shot, signInQuickly, test } from './fixtures.ts';

test.describe.configure({ timeout: 60_000 });

/** A fresh board in the seeded workspace with To do, Doing and Done, and `titles` in To do. */
async function boardWith(page: Page, name: string, titles: string[]): Promise<string> {
  await page.goto('/w/acme');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create board' }).click();
  await expect(page).toHaveURL(/\/w\/acme\/b\/[0-9a-f-]{36}$/);
  await live(page);
  await page.getByRole('button', { name: 'Add To do, Doing and Done' }).click();
  for (const title of titles) {
    const field = page.getByLabel('New task in To do');
    await field.fill(title);
    await field.press('Enter');
    await expect(card(page, title)).toBeVisible();
  }
  // Out of the add field: the board's keys are never taken from someone typing.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return new URL(page.url()).pathname;
}

const column = (page: Page, name: string): Locator =>
  page
    .locator('[data-column-id]')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}\\b`) }) });

test('a card opens from the palette by keyboard; palette and shortcuts sheet pass axe in both themes', async ({
  page,
}) => {
  const word = `Quokka${Date.now().toString(36)}`;
  await signInQuickly(page, 'alice@lanes.test');
  await boardWith(page, 'Palette board', [`${word} first`, `${word} second`]);

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Go to or do' });
  const field = palette.getByRole('combobox');
  await expect(field).toBeFocused();
  // By name: an empty query lists six boards, and a full run leaves Acme with many more than that.
  await page.keyboard.type('Palette board');
  await expect(palette.getByRole('option', { name: 'Palette board' }).first()).toBeVisible();
  await expectAccessible(page, 'palette (light)');

  await field.fill('');
  await page.keyboard.type(`${word} sec`);
  const found = palette
    .getByRole('group', { name: 'Tasks' })
    .getByRole('option', { name: new RegExp(`${word} second`) });
  await expect(found).toBeVisible();
  // Arrows move the active option (the field keeps the focus) until it is the task, then Enter opens it.
  for (let i = 0; i < 10 && (await found.getAttribute('aria-selected')) !== 'true'; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await found.getAttribute('id')) ?? '');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveAccessibleName(new RegExp(`${word} second`));
  await expect(page).toHaveURL(/\/t\/[0-9a-f-]{36}$/);
  // Focus moves in with the effects that listen for Esc (see board-edit.spec.ts).
  await expect(page.getByRole('dialog')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.keyboard.press('Control+k');
  await expect(field).toBeFocused();
  await page.keyboard.type('inb');
  // People whose names hold "inb" (other specs' "Ina Inbox") come first; arrows reach the action.
  const inbox = palette.getByRole('option', { name: 'Inbox', exact: true });
  await expect(inbox).toBeVisible();
  for (let i = 0; i < 10 && (await inbox.getAttribute('aria-selected')) !== 'true'; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(inbox).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, 'palette (dark)');
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);

  // `?` lists the shortcuts, in groups; Esc closes the sheet.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByRole('heading', { name: 'Board', exact: true })).toBeVisible();
  await expect(sheet.getByText('Card menu: move to a column, copy link, labels, archive')).toBeVisible();
  await expectAccessible(page, 'shortcuts sheet (dark)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expectAccessible(page, 'shortcuts sheet (light)');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
});

test('the card menu moves a card to another column by keyboard; j and k go from card to card', async ({
  page,
}) => {
  await signInQuickly(page, 'alice@lanes.test');
  await boardWith(page, 'Menu moves', ['Alpha card', 'Beta card', 'Gamma card']);

  // j from nowhere is the first card, then the next; k goes back.
  await page.keyboard.press('j');
  await expect(card(page, 'Alpha card')).toBeFocused();
  await page.keyboard.press('j');
  await expect(card(page, 'Beta card')).toBeFocused();
  await page.keyboard.press('j');
  // j and k move the focus in the next frame: checked on Gamma first, or Beta would still pass as focused
  // from before, and the menu key would reach Gamma once its focus landed (seen 1 run in 12).
  await expect(card(page, 'Gamma card')).toBeFocused();
  await page.keyboard.press('k');
  await expect(card(page, 'Beta card')).toBeFocused();

  // Shift+F10 opens the card menu on Move to…; the dialog takes a column and a place.
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: 'Actions for Beta card' });
  await expect(menu.getByRole('menuitem', { name: 'Move to…' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move Beta card' });
  await expect(dialog.getByLabel('Column', { exact: true })).toBeFocused();
  await dialog.getByLabel('Column', { exact: true }).selectOption({ label: 'Doing' });
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Top of the column')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(column(page, 'Doing').locator('.lane-card-title')).toHaveText(['Beta card']);
  await expect(card(page, 'Beta card')).toBeFocused();

  // Archive from the same menu: the card leaves the board.
  await card(page, 'Gamma card').focus();
  await page.keyboard.press('Shift+F10');
  await page
    .getByRole('menu', { name: 'Actions for Gamma card' })
    .getByRole('menuitem', { name: 'Archive' })
    .focus();
  await page.keyboard.press('Enter');
  await expect(card(page, 'Gamma card')).toHaveCount(0);

  // Stored: once both are answered, a reload shows the move and the archive.
  await boardWritesAnswered(page);
  await expect
    .poll(async () => {
      await page.reload();
      return column(page, 'Doing').locator('.lane-card-title').allTextContents();
    })
    .toEqual(['Beta card']);
  await expect(column(page, 'To do').locator('.lane-card-title')).toHaveText(['Alpha card']);
});

test('at phone width the header search button opens the same palette by keyboard; axe in both themes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto('/inbox');
  // The bell goes live after hydration: the button's click handler is attached by then.
  await expect(page.locator('.header-bell')).toHaveAttribute('data-live', 'true');
  const button = page.getByRole('banner').getByRole('button', { name: 'Search and commands (Ctrl K)' });
  await expect(button).toBeVisible();
  await expectAccessible(page, 'header search button (light)');
  await shot(page, 'palette/palette-button-light-390.png');

  await button.focus();
  await page.keyboard.press('Enter');
  const palette = page.getByRole('dialog', { name: 'Go to or do' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('inb');
  // People whose names hold "inb" (other specs' "Ina Inbox") come first; arrows reach the action.
  const inbox = palette.getByRole('option', { name: 'Inbox', exact: true });
  await expect(inbox).toBeVisible();
  for (let i = 0; i < 10 && (await inbox.getAttribute('aria-selected')) !== 'true'; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(inbox).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'palette/palette-open-390.png');
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
  await expect(button).toBeFocused();

  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'header search button (dark)');
  await shot(page, 'palette/palette-button-dark-390.png');
});
