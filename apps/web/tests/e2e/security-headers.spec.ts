/**
 * The response headers of issue 9 §4 (CSP with a nonce, no framing, no sniffing, a referrer policy) and a
 * board that works under that CSP: signed in, live, a task added and switched theme, with no violation.
 */
import type { Page } from '@playwright/test';
import { expect, live, signIn, test } from './fixtures.ts';

const BOARD = '/w/acme/b/b0000000-0000-4000-8000-000000000001';

/** Every CSP violation the page reports, from the console and from `securitypolicyviolation` events. */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(t: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

test('pages and data answers carry the security headers; the CSP has a fresh nonce per page', async ({
  page,
}) => {
  const first = await page.request.get('/sign-in');
  const headers = first.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain(`connect-src 'self' ${process.env.E2E_API_URL} ws://`);
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  // Every inline script on the page carries it.
  const html = await first.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

  const second = await page.request.get('/sign-in');
  expect(second.headers()['content-security-policy']).not.toContain(nonce);
  const data = await page.request.get('/sign-in.data');
  expect(data.headers()['x-content-type-options']).toBe('nosniff');
});

test('signing in and using the board logs no CSP violation', async ({ page }) => {
  const violations = await collectViolations(page);
  await signIn(page, 'carol@lanes.test', undefined, `/sign-in?next=${encodeURIComponent(BOARD)}`);
  await expect(page).toHaveURL(BOARD);
  await live(page);
  const title = `CSP check ${Date.now().toString(36)}`;
  const input = page.getByLabel('New task in To do');
  await input.fill(title);
  await input.press('Enter');
  await expect(page.getByText(title)).toBeVisible();
  await page.reload();
  await expect(page.getByText(title)).toBeVisible();
  await live(page);
  expect(violations).toEqual([]);
});
