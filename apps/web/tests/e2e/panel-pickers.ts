/**
 * @module tests/e2e/panel-pickers — driving the task panel's property sidebar (decision 200) as a person does:
 * wait until the pickers have replaced the plain forms, open a picker, choose an option by its name. Each
 * picker's button is named by its value and its label ("Urgent Priority"), so it is found by the label.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * The panel's property sidebar once its pickers are in place: they mount as the person comes near it, so the
 * pointer goes over it first, as a person's does on the way to a property (decision 200, mount on approach).
 */
export async function sidebar(dialog: Locator): Promise<Locator> {
  const props = dialog.getByRole('region', { name: 'Properties' });
  await props.hover();
  await expect(props).toHaveAttribute('data-pickers', 'ready', { timeout: 30_000 });
  return props;
}

/** An option of the open picker's list (the page has other lists: the board's filters). */
export const option = (page: Page, name: string): Locator =>
  page.getByRole('listbox').getByRole('option', { name, exact: true });

/** The button that opens a one-value picker (Column, Priority, Labels). */
export const pickerButton = (props: Locator, label: string): Locator =>
  props.getByRole('button', { name: new RegExp(`\\b${label}$`) });

/** Opens the picker for `label` and chooses `choice` with the mouse; the list closes on its own. */
export async function pick(page: Page, props: Locator, label: string, choice: string) {
  await pickerButton(props, label).click();
  await option(page, choice).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** Chooses the assignee by typing part of the name and picking the match. */
export async function assign(page: Page, props: Locator, name: string) {
  const box = props.getByRole('combobox', { name: 'Assignee' });
  await box.fill(name.slice(0, 3));
  await option(page, name).click();
  await expect(box).toHaveValue(name);
}

/** Ticks (or unticks) labels in the multi-select list, then closes it with Esc. */
export async function toggleLabels(page: Page, props: Locator, names: string[]) {
  await pickerButton(props, 'Labels').click();
  for (const name of names) await option(page, name).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** The due date's segments as a `YYYY-MM-DD` (US English order on screen: month, day, year). */
export async function dueValue(props: Locator): Promise<string> {
  const group = props.getByRole('group', { name: 'Due date' });
  const part = async (name: string) =>
    (await group.getByRole('spinbutton', { name: new RegExp(`^${name}`) }).getAttribute('aria-valuenow')) ??
    '';
  const [m, d, y] = [await part('month'), await part('day'), await part('year')];
  return `${y.padStart(4, '0')}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/** Types a due date into its segments (`YYYY-MM-DD` in, month/day/year typed) and waits until it shows. */
export async function typeDue(props: Locator, day: string) {
  const [y, m, d] = day.split('-') as [string, string, string];
  const group = props.getByRole('group', { name: 'Due date' });
  await group.getByRole('spinbutton', { name: /^month/ }).click();
  await group.page().keyboard.type(`${m}${d}${y}`);
  await expect.poll(() => dueValue(props)).toBe(day);
}
