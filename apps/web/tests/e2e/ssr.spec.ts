/** Server rendering and progressive enhancement: with JavaScript off, forms still work and pages arrive whole. */
import { expect, test } from './fixtures.ts';

test.use({ javaScriptEnabled: false });

test('without JavaScript: sign in, then the first HTML holds the boards, columns and tasks', async ({
  page,
}) => {
  await page.goto('/sign-in?next=/w/acme');
  await page.getByLabel('Email').fill('alice@lanes.test');
  await page.getByLabel('Password').fill('password123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/w\/acme$/);

  const workspace = await page.content();
  expect(workspace).toContain('Product launch');
  expect(workspace).toContain('Website');

  await page.goto('/w/acme/b/b0000000-0000-4000-8000-000000000001');
  const columns = page.getByRole('list', { name: 'Columns' }).locator(':scope > li');
  await expect(columns.locator('h2')).toHaveText([/To do/, /Doing/, /Done/]);
  await expect(page.getByText('Write the launch announcement')).toBeVisible();
  await expect(page.getByText('Fix signup on Safari')).toBeVisible();
});

test('the first HTML carries its CSS: no stylesheet request stands before the first paint', async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  await page.goto('/sign-in');
  expect(stylesheets).toEqual([]);
  // React puts the root's <style> first in the head, ahead of the route's modulepreloads (decision 119).
  const head = await page.evaluate(() =>
    [...document.head.children].map((node) =>
      node.tagName === 'STYLE' ? `style ${node.getAttribute('data-href')}` : (node.getAttribute('rel') ?? ''),
    ),
  );
  const style = head.findIndex((entry) => /^style .*\bapp-css\b/.test(entry));
  expect(style).toBeGreaterThanOrEqual(0);
  expect(style).toBeLessThan(head.indexOf('modulepreload'));
  // The scripts only hydrate a page that is already whole, so they yield to it on the network (decision 169).
  const preloads = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('fetchpriority'),
    ),
  );
  expect(preloads.length).toBeGreaterThan(3);
  expect(new Set(preloads)).toEqual(new Set(['low']));
  // And it applies with no script at all (the browser's own body has an 8 px margin and 16 px text).
  await expect(page.locator('body')).toHaveCSS('margin', '0px');
  await expect(page.locator('body')).toHaveCSS('font-size', '15px');
});

test('without JavaScript: a refused form answers with its errors inline', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill('alice@lanes.test');
  await page.getByLabel('Password').fill('wrong-password-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong email or password.');
  await expect(page.getByLabel('Password')).toHaveValue('');
});
