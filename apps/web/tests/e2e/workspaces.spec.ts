/** Workspaces and boards: create them, taken slugs, the sign-in round trip to a board, and 404 for outsiders. */
import { expect, signIn, signInQuickly, test } from './fixtures.ts';

const BOARD = '/w/acme/b/b0000000-0000-4000-8000-000000000001';

test('create a workspace (a taken slug is refused on its field) and a board in it', async ({ page }) => {
  await signInQuickly(page, 'bob@lanes.test');
  await page.goto('/w');

  await page.getByLabel('Name').fill('Acme');
  // The address is filled in from the name, and "acme" is the seeded workspace's.
  await expect(page.getByLabel('Address')).toHaveValue('acme');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  const slug = page.getByLabel('Address');
  await expect(slug).toHaveAttribute('aria-invalid', 'true');
  await expect(slug).toBeFocused();
  await expect(page.getByText(/This address is already taken\. Try “acme-\d+”\./)).toBeVisible();

  const unique = `team-${Date.now().toString(36)}`;
  await slug.fill(unique);
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${unique}$`));
  await expect(page.getByText('No boards yet. Create the first one below.')).toBeVisible();

  await page.getByLabel('Name').fill('Roadmap');
  await page.getByLabel('Description').fill('What comes next');
  await page.getByRole('button', { name: 'Create board' }).click();
  await expect(page).toHaveURL(new RegExp(`/w/${unique}/b/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: 'Roadmap' })).toBeVisible();

  await page.getByRole('link', { name: 'Acme' }).first().click();
  await page.goto('/w');
  await expect(page.getByRole('link', { name: new RegExp(unique) })).toBeVisible();
});

test('a viewer sees the boards but no create-board form', async ({ page }) => {
  await signInQuickly(page, 'dave@lanes.test');
  await page.goto('/w/acme');
  await expect(page.getByRole('link', { name: /Product launch/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create a board' })).toHaveCount(0);
});

test('a signed-out visitor opening a board signs in and comes back to it', async ({ page }) => {
  await page.goto(BOARD);
  await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent(BOARD)}`);
  await page.getByLabel('Email').fill('carol@lanes.test');
  await page.getByLabel('Password').fill('password123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(BOARD);
  await expect(page.getByRole('heading', { name: 'Product launch' })).toBeVisible();
});

test('next refuses other sites', async ({ page }) => {
  await signIn(page, 'carol@lanes.test', undefined, '/sign-in?next=//evil.example/w');
  await expect(page).toHaveURL(/\/w$/);
});

test('an outsider gets 404 for a workspace and a board they cannot see', async ({ page }) => {
  await signInQuickly(page, 'erin@lanes.test');
  for (const path of ['/w/acme', BOARD]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
});
