/**
 * Cross-site request forgery: a POST from another site to any route with an action (taken from routes.ts, so a
 * new screen is covered without editing this file) is refused, and nothing changes. React Router refuses a
 * mismatched Origin on page and `.data` actions itself (400); our root middleware refuses the rest (403).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import routes from '#app/routes.ts';
import { expect, signInQuickly, test } from './fixtures.ts';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../app');
const BOARD_ID = 'b0000000-0000-4000-8000-000000000001';
const PARAMS: Record<string, string> = { slug: 'acme', boardId: BOARD_ID };

interface RouteEntry {
  file: string;
  path?: string;
  children?: RouteEntry[];
}

/** Every URL (params filled in) whose route module exports an action. */
function actionUrls(entries: RouteEntry[], prefix = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${prefix}/${entry.path}` : prefix;
    const source = readFileSync(resolve(appDir, entry.file), 'utf8');
    const own = /export (async )?function action\b|export const action\b/.test(source)
      ? [(path || '/').replace(/:(\w+)\??/g, (_, name: string) => PARAMS[name] ?? 'not-a-real-id')]
      : [];
    return [...own, ...actionUrls(entry.children ?? [], path)];
  });
}

const urls = actionUrls(routes as RouteEntry[]);
const forged = `forged-${Date.now().toString(36)}`;
// Fields most actions read, so an unprotected action would have something to act on.
const form = {
  intent: 'create',
  name: forged,
  slug: forged,
  title: forged,
  theme: 'dark',
  email: 'x@lanes.test',
};

test('the action routes are found (sign-out, theme, sign-in and the workspace screens among them)', () => {
  for (const url of ['/sign-out', '/theme', '/sign-in', '/w', '/w/acme']) expect(urls).toContain(url);
});

test('a cross-site POST to every action route is refused and changes nothing', async ({ page }) => {
  await signInQuickly(page, 'alice@lanes.test');
  const attacks: Record<string, string>[] = [
    { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    { Origin: 'https://evil.example' },
    { 'Sec-Fetch-Site': 'cross-site' },
    { Origin: 'null' },
  ];
  for (const url of urls) {
    for (const headers of attacks) {
      for (const target of [url, `${url === '/' ? '/_root' : url}.data`]) {
        const response = await page.request.post(target, { form, headers, maxRedirects: 0 });
        expect([400, 403], `${target} with ${JSON.stringify(headers)}`).toContain(response.status());
        expect(response.headers()['set-cookie'], target).toBeUndefined();
      }
    }
  }

  // Still signed in (the forged sign-out did nothing), no theme cookie, no workspace or board made.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'lanes-theme')).toBeUndefined();
  await page.goto('/w');
  await expect(page).toHaveURL(/\/w$/);
  await expect(page.getByText(forged)).toHaveCount(0);
  await page.goto('/w/acme');
  await expect(page.getByText(forged)).toHaveCount(0);
});

test('the same POST from the app itself goes through', async ({ page, baseURL }) => {
  const response = await page.request.post('/theme', {
    form: { theme: 'dark' },
    headers: { Origin: new URL(baseURL!).origin, 'Sec-Fetch-Site': 'same-origin' },
  });
  expect(response.status()).toBe(200);
});
