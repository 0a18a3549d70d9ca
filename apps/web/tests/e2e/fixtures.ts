/** @module tests/e2e/fixtures — the app's URL as `baseURL`, emails from the stack's inbox, and sign-in. */
import { SECRET_KEY } from '@lanes/stack/keys';
import { type Browser, test as base, expect, type Locator, type Page } from '@playwright/test';

export const test = base.extend({
  // Playwright reads fixture dependencies from the destructuring pattern, so it must be there even when empty.
  // biome-ignore lint/correctness/noEmptyPattern: see above
  baseURL: async ({}, use) => {
    await use(process.env.E2E_APP_URL);
  },
});
export { expect };

export const PASSWORD = 'password123';

/**
 * Saves a screenshot under `E2E_SHOTS/<name>` for a closing note's before and after (`E2E_SHOTS=/tmp/shots pnpm
 * --filter @lanes/web e2e`); without the variable it takes none, so a normal run spends nothing on them.
 */
export async function shot(target: Page | Locator, name: string, fullPage = false): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  const path = `${dir}/${name}`;
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}

let counter = 0;
/** An address no other test uses (the stack lives for one run, but retries must not collide). */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@lanes.test`;
}

interface Message {
  ID: string;
  Subject: string;
  Text: string;
}

// The project's templates link to the app's /auth/confirm; GoTrue's defaults to /auth/v1/verify.
const VERIFY_LINK = /https?:\/\/[^\s)]+\/auth\/(?:confirm|v1\/verify)\?[^\s)]+/;
export const INVITATION_LINK = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]{43}/;

/**
 * The link in the newest email to `address` whose subject matches, waiting for it to arrive. `link` picks which
 * link: Auth's verify link by default (confirmations, magic links), or INVITATION_LINK.
 * Waits up to 25 s: notification emails go out on the database's 10-second schedule (decision 075), so one made
 * just after a run waits 10 s for the next, plus the function's send on a loaded machine.
 */
export async function emailedLink(address: string, subject: RegExp, link = VERIFY_LINK): Promise<string> {
  const inbox = process.env.E2E_INBOX_URL!;
  const deadline = Date.now() + 25_000;
  // Asked again 50 ms after the first miss, then less often up to every 250 ms: most emails are there within a
  // few polls, and a notification waiting for its 10-second schedule needs no 200 searches.
  for (let pause = 50; Date.now() < deadline; pause = Math.min(250, pause * 1.5)) {
    const search = await fetch(`${inbox}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
    const { messages } = (await search.json()) as { messages: { ID: string; Subject: string }[] };
    const found = messages.find((m) => subject.test(m.Subject));
    if (found) {
      const message = (await (await fetch(`${inbox}/api/v1/message/${found.ID}`)).json()) as Message;
      const url = link.exec(message.Text)?.[0];
      if (!url) throw new Error(`no link in "${message.Subject}" to ${address}`);
      return url;
    }
    await new Promise((r) => setTimeout(r, pause));
  }
  throw new Error(`no email matching ${subject} to ${address}`);
}

/**
 * Signs in over HTTP (the same form post, no page load): the page's request context shares the browser
 * context's cookies. For tests whose subject is not the sign-in page.
 */
export async function signInQuickly(page: Page, email: string, password = PASSWORD) {
  const response = await page.request.post('/sign-in', {
    form: { email, password, intent: 'password', next: '/w' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

export async function signIn(page: Page, email: string, password = PASSWORD, path = '/sign-in') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The seeded workspace "Acme" (slug `acme`) and its board "Product launch". */
export const ACME_ID = 'a0000000-0000-4000-8000-000000000001';
export const ACME_BOARD = '/w/acme/b/b0000000-0000-4000-8000-000000000001';

/**
 * A request to the stack's API with the service key, as an edge function would make it (admin users, rows or
 * role changes the UI under test does not make). Throws with the answer's body when refused.
 */
export async function admin(path: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(`${process.env.E2E_API_URL}${path}`, {
    ...init,
    headers: {
      apikey: SECRET_KEY,
      Authorization: `Bearer ${SECRET_KEY}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
      ...init.headers,
    },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** `admin` for the common case: POST a JSON body. */
export function adminPost(path: string, body: unknown): Promise<unknown> {
  return admin(path, { method: 'POST', body: JSON.stringify(body) });
}

/**
 * A confirmed account no other test uses (password PASSWORD), made with the service key; with `role`, also a
 * member of Acme. For tests that change an account (avatar, password, deletion) without touching the seed.
 */
export async function createAccount(name: string, role?: 'owner' | 'admin' | 'member' | 'viewer') {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const user = (await adminPost('/auth/v1/admin/users', {
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { display_name: name },
  })) as { id: string };
  if (role) await adminPost('/rest/v1/workspace_members', { workspace_id: ACME_ID, user_id: user.id, role });
  return { id: user.id, email, name };
}

/**
 * A fresh task at the end of a board's To do column (the seeded board unless told), made with the service key,
 * with any other columns of the row (`description`, `assignee_id`, …) as given.
 */
export async function seededTask(
  title: string,
  { boardId = ACME_BOARD.split('/').at(-1)!, ...row }: { boardId?: string } & Record<string, unknown> = {},
): Promise<string> {
  const [todo] = (await admin(`/rest/v1/columns?board_id=eq.${boardId}&name=eq.To%20do&select=id`, {
    method: 'GET',
  })) as { id: string }[];
  const [task] = (await adminPost('/rest/v1/tasks', {
    ...row,
    board_id: boardId,
    column_id: todo!.id,
    title,
  })) as { id: string }[];
  return task!.id;
}

/**
 * Takes the page's browser context offline, and returns once the page knows it (`navigator.onLine` is false) and
 * a request from it is refused: the positive signal that nothing the page sends gets out until the context is back
 * online. `setOffline` resolves before Chromium has applied it, and the page's flag and the network's refusal
 * arrive separately, so a write made on the page's own `offline` signal could still reach the server (decision 209).
 */
export async function goOffline(page: Page) {
  await page.context().setOffline(true);
  const probe = () =>
    fetch('/favicon.svg', { cache: 'no-store' }).then(
      () => ({ onLine: navigator.onLine, refused: false }),
      () => ({ onLine: navigator.onLine, refused: true }),
    );
  await expect
    .poll(() => page.evaluate(probe), { timeout: 30_000 })
    .toEqual({ onLine: false, refused: true });
}

/**
 * Ends an offline tab as closing it does in a browser that is really offline: its scripts stop and it sends
 * nothing more. `page.close()` cannot be used for that: Chromium lifts the page's offline emulation a moment before
 * the page's scripts stop, the page hears `online`, and the write queue rightly sends what waits (decision 209).
 * The tab's renderer is crashed instead; its `crash` event says the scripts have stopped.
 */
export async function endOfflineTab(page: Page) {
  const crashed = page.waitForEvent('crash');
  const cdp = await page.context().newCDPSession(page);
  // The renderer dies before it can answer, so the command's answer is never awaited.
  void cdp.send('Page.crash').catch(() => undefined);
  await crashed;
  await page.close();
}

/** A second person in a browser context of their own (a teammate watching live), signed in. */
export async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_APP_URL });
  const page = await context.newPage();
  await signInQuickly(page, email);
  return page;
}

/** A card on the board, by (part of) its title. */
export function card(page: Page, title: string): Locator {
  return page.locator('.lane-card-body').filter({ hasText: title });
}

/** The board on screen has joined its live channel (its `data-connection` says so). */
export async function live(page: Page) {
  await expect(page.locator('.board[data-connection="live"]')).toBeAttached();
}

/**
 * Waits until the board's writes made on `page` are all answered: its write journal (decision 121) is empty.
 * What the board shows of a write is on screen before the server has it.
 */
export async function boardWritesAnswered(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('lanes:board-writes')).length),
    )
    .toBe(0);
}

/** Space picks the card up, the arrows move it, space drops it. */
export async function keyboardMove(page: Page, title: string, keys: string[]) {
  const handle = card(page, title);
  const announced = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // dnd-kit measures the columns just after the pick-up, and an arrow pressed before that goes nowhere (seen in
  // CI on a busy machine). Its first "… is over …" announcement comes once it has measured.
  await expect(announced).toContainText(/ is (not )?over /);
  for (const key of keys) {
    // Should an arrow still go nowhere, it is pressed again until the announcement changes. One that went
    // through changes it within a frame, so a step is never taken twice.
    const before = (await announced.textContent()) ?? '';
    await expect(async () => {
      await page.keyboard.press(key);
      await expect(announced).not.toHaveText(before, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    // Each step animates (150 ms) and the next one is measured from where the card now is.
    await page.waitForTimeout(200);
  }
  await page.keyboard.press('Space');
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
}
