/**
 * The task panel in Chromium: opened from a card by mouse and keyboard without reloading the board, deep links
 * (signed in, signed out, 404), every field edited and saved, comments, a teammate seeing edits live, and a
 * viewer with no controls whose hand-made posts change nothing.
 */
import type { Locator, Page, Route } from '@playwright/test';
// The data package's in-memory PNG maker: the same valid images its own storage tests upload.
import { png } from '../../../../packages/data/tests/images.ts';
import { expectAccessible } from './accessibility.ts';
import {
  admin,
  card,
  expect,
  keyboardMove,
  live,
  PASSWORD,
  signedInPage,
  signIn,
  signInQuickly,
  test,
} from './fixtures.ts';
import { assign, dueValue, pick, pickerButton, sidebar, toggleLabels, typeDue } from './panel-pickers.ts';

// Each test walks a whole flow (several saves, two browsers, uploads): more than the suite's 30 s default.
// Its tests may run on either worker: the file comes late in the run's order, and run in one worker it left
// the other idle for the run's last 10–15 s. Each test makes its own tasks or only reads and adds to the seeded
// ones, so none needs another to have run first.
test.describe.configure({ mode: 'parallel', timeout: 60_000 });

const BOARD = '/w/acme/b/b0000000-0000-4000-8000-000000000001';
const OTHER_BOARD = '/w/acme/b/b0000000-0000-4000-8000-000000000002';

const panel = (page: Page): Locator => page.getByRole('dialog');

/** Alice, signed in, on the seeded board once it is live. */
async function aliceOnBoard(page: Page) {
  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(BOARD);
  await live(page);
}

/** A fresh task in the seeded board's To do column, so tests never see each other's edits. */
async function newTask(page: Page, title: string): Promise<string> {
  await page.goto(BOARD);
  await live(page);
  const field = page.getByLabel('New task in To do');
  await field.fill(title);
  await field.press('Enter');
  await expect(card(page, title)).toBeVisible();
  const id = await page.locator('[data-task-id]').filter({ hasText: title }).getAttribute('data-task-id');
  return `${BOARD}/t/${id}`;
}

/** Seconds between a signed Storage URL's issue and expiry, read from its token's claims. */
function signedLifetime(url: string): number {
  const token = new URL(url).searchParams.get('token')!;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  return claims.exp - claims.iat;
}

async function taskIdOf(page: Page, boardPath: string, title: string): Promise<string> {
  await page.goto(boardPath);
  return (await page.locator('[data-task-id]').filter({ hasText: title }).getAttribute('data-task-id'))!;
}

test('a card opens its panel by mouse and by keyboard, over a board that stays loaded and live', async ({
  page,
}) => {
  await aliceOnBoard(page);
  // Survives client navigations, not a reload.
  await page.evaluate(() => Object.assign(window, { boardMark: 1 }));

  // Every route is in the first load's manifest (decision 119): a new task URL asks for its data only, and
  // only the panel's loader runs (decision 127): the board and the layouts above it are not read again. A
  // mouse reads the panel when the pointer rests on the card or presses it (its JSON twin, decision 164), once
  // for the middle and the plain click; Enter reads on Enter.
  const routeLookups: string[] = [];
  const dataRoutes: (string | null)[] = [];
  page.on('request', (request) => {
    const requested = new URL(request.url());
    if (requested.pathname === '/__manifest') routeLookups.push(request.url());
    if (requested.pathname.endsWith('.data')) dataRoutes.push(requested.searchParams.get('_routes'));
    if (requested.pathname.endsWith('/panel')) dataRoutes.push('panel');
  });
  // The card is a real link (decision 123): a middle click opens its panel in a new tab, this tab stays put.
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    card(page, 'Fix signup on Safari').click({ button: 'middle' }),
  ]);
  await expect(tab).toHaveURL(new RegExp(`${BOARD}/t/[0-9a-f-]{36}$`));
  await expect(tab.getByRole('dialog')).toHaveAccessibleName(/Fix signup on Safari/);
  await tab.close();
  await expect(page).toHaveURL(BOARD);
  await expect(panel(page)).toHaveCount(0);

  // Read before the click, the panel reads again once its channel is joined.
  const readAgain = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('.data'));
  await card(page, 'Fix signup on Safari').click();
  await expect(page).toHaveURL(new RegExp(`${BOARD}/t/[0-9a-f-]{36}$`));
  await expect(panel(page)).toBeVisible();
  await expect(panel(page)).toHaveAccessibleName(/Fix signup on Safari/);
  await expect(panel(page)).toBeFocused();
  await expect(panel(page).getByText('Reproduced on Safari 17.4')).toBeVisible();
  const url = page.url();
  expect(new URL((await readAgain).url()).pathname).toBe(`${new URL(url).pathname}.data`);

  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(BOARD);
  await expect(panel(page)).toHaveCount(0);
  await expect(card(page, 'Fix signup on Safari')).toBeFocused();

  // Keyboard: Enter on the focused card opens it; the close button returns focus to it.
  await card(page, 'Write the launch announcement').focus();
  await page.keyboard.press('Enter');
  await expect(panel(page)).toHaveAccessibleName(/Write the launch announcement/);
  await expect(panel(page).locator('.markdown strong')).toHaveText('email');
  await panel(page).getByRole('link', { name: 'Close task' }).click();
  await expect(page).toHaveURL(BOARD);
  await expect(card(page, 'Write the launch announcement')).toBeFocused();
  expect(routeLookups).toEqual([]);
  // The mouse's opening was read early; Enter's was read on Enter. Besides, only the early one's second read
  // once live: no route above the panel was read, and closing read nothing.
  expect(dataRoutes).toContain('panel');
  expect(dataRoutes.filter((read) => read !== 'panel')).toEqual(['routes/app/task', 'routes/app/task']);

  // Back and forward move between the board and the panel.
  await page.goBack();
  await expect(panel(page)).toHaveAccessibleName(/Write the launch announcement/);
  await page.goBack();
  await expect(page).toHaveURL(BOARD);
  await page.goForward();
  await expect(panel(page)).toBeVisible();
  await page.goto(url);
  expect(await page.evaluate(() => 'boardMark' in window)).toBe(false);
  await live(page);
  await page.evaluate(() => Object.assign(window, { boardMark: 1 }));
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(BOARD);
  expect(await page.evaluate(() => (window as unknown as { boardMark: number }).boardMark)).toBe(1);
  await live(page);
});

test('on a phone the open panel is the screen: the columns beneath are skipped, and come back on close', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 780 });
  await aliceOnBoard(page);
  const columns = page.locator('.lanes');
  const safari = card(page, 'Fix signup on Safari');
  await columns.evaluate((node) => node.scrollTo({ left: node.scrollWidth }));
  await safari.scrollIntoViewIfNeeded();
  const scrolled = await columns.evaluate((node) => node.scrollLeft);
  await safari.click();
  await expect(panel(page)).toBeVisible();
  await expect(columns).toHaveCSS('content-visibility', 'hidden');
  await expect(safari).toBeHidden();
  // Nothing beneath can take focus while the sheet hides it.
  const focusable = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.lanes a, .lanes button, .lanes input')].some((node) => {
      node.focus();
      return document.activeElement === node;
    }),
  );
  expect(focusable).toBe(false);
  await expectAccessible(page);

  // Closed: the columns are back where they were, with focus on the card that was opened.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(BOARD);
  await expect(columns).toHaveCSS('content-visibility', 'visible');
  await expect(safari).toBeFocused();
  await expect(safari).toBeInViewport();
  expect(await columns.evaluate((node) => node.scrollLeft)).toBe(scrolled);

  // A wider screen keeps the board beside the panel, in view and usable.
  await page.setViewportSize({ width: 1100, height: 780 });
  await safari.click();
  await expect(panel(page)).toBeVisible();
  await expect(columns).toHaveCSS('content-visibility', 'visible');
  await expect(card(page, 'Write the launch announcement')).toBeVisible();
});

test('a task URL is server-rendered with its board; unknown tasks and tasks of another board are 404', async ({
  page,
}) => {
  await signInQuickly(page, 'carol@lanes.test');
  const id = await taskIdOf(page, BOARD, 'Fix signup on Safari');
  const html = await (await page.request.get(`${BOARD}/t/${id}`)).text();
  for (const text of [
    'role="dialog"',
    'Fix signup on Safari',
    'Reproduced on Safari 17.4',
    'Pricing page copy',
  ]) {
    expect(html).toContain(text);
  }
  expect(html).toContain('<ol class="lanes" aria-label="Columns">');

  const missing = await page.request.get(`${BOARD}/t/${crypto.randomUUID()}`);
  expect(missing.status()).toBe(404);
  // In the browser the board stays, with the panel's place saying so (decision 165); Esc goes back.
  const unknown = await page.goto(`${BOARD}/t/${crypto.randomUUID()}`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product launch');
  await expect(panel(page)).toHaveAccessibleName('Task not found');
  await expect(panel(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(BOARD);
  const elsewhere = await taskIdOf(page, OTHER_BOARD, 'Homepage hero text');
  expect((await page.request.get(`${BOARD}/t/${elsewhere}`)).status()).toBe(404);
  expect((await page.request.get(`${BOARD}/t/not-a-uuid`)).status()).toBe(404);

  // The panel's JSON twin, read before a click (decision 164), answers the same way and is never cached.
  const twin = await page.request.get(`${BOARD}/t/${id}/panel`);
  expect(twin.status()).toBe(200);
  expect(twin.headers()['cache-control']).toBe('private, no-store');
  const read = (await twin.json()) as { model: { task: { title: string } }; canEdit: boolean };
  expect(read.model.task.title).toBe('Fix signup on Safari');
  expect(read.canEdit).toBe(true);
  for (const gone of [crypto.randomUUID(), elsewhere, 'not-a-uuid']) {
    expect((await page.request.get(`${BOARD}/t/${gone}/panel`)).status()).toBe(404);
  }
  await page.context().clearCookies();
  const signedOut = await page.request.get(`${BOARD}/t/${id}/panel`, { maxRedirects: 0 });
  expect(signedOut.status()).toBe(401);
  expect(await signedOut.json()).toEqual({ code: 'SESSION_EXPIRED' });
});

test('a card the pointer rests on is read before the click, and read again once its panel is live', async ({
  page,
}) => {
  await signInQuickly(page, 'alice@lanes.test');
  const title = `Early read ${Date.now().toString(36)}`;
  const path = await newTask(page, title);
  // Held until released below: while it is, only the early read can open the panel.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}.data*`, async (route) => {
    await held;
    await route.continue();
  });

  const early = page.waitForResponse((response) => new URL(response.url()).pathname === `${path}/panel`);
  await card(page, title).hover();
  expect((await early).status()).toBe(200);
  // A teammate renames the task after that read, before the click.
  await admin(`/rest/v1/tasks?id=eq.${path.split('/').at(-1)}`, {
    method: 'PATCH',
    body: JSON.stringify({ title: `${title} renamed` }),
  });
  await card(page, title).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByLabel('Title')).toHaveValue(title);
  // Once its channel is joined the panel reads again (the held request), and shows the rename.
  const fresh = page.waitForResponse((response) => new URL(response.url()).pathname === `${path}.data`);
  release();
  await fresh;
  await expect(panel(page).getByLabel('Title')).toHaveValue(`${title} renamed`);
});

test('a card moved after its early read opens with the move, not as it was', async ({ page }) => {
  await signInQuickly(page, 'alice@lanes.test');
  const title = `Moved early ${Date.now().toString(36)}`;
  const path = await newTask(page, title);
  // Nothing but an early read can open the panel while the task route's own read is held.
  await page.route(`**${path}.data*`, () => {});

  const early = page.waitForResponse((response) => new URL(response.url()).pathname === `${path}/panel`);
  await card(page, title).hover();
  await early;
  const moved = page.waitForResponse((response) => response.url().includes('/rpc/move_task'));
  await keyboardMove(page, title, ['ArrowRight']);
  await moved;
  await card(page, title).click();
  await expect(panel(page).getByText('moved it from To do to Doing')).toBeVisible();
});

test('a card that cannot be read for want of a network leaves the board, says so and tries again', async ({
  page,
}) => {
  await aliceOnBoard(page);
  // The browser believes it is online, but no read of a panel gets through (a captive portal, say).
  const cut = (route: Route) => route.abort('internetdisconnected');
  await page.route('**/t/*.data*', cut);
  await page.route('**/t/*/panel', cut);
  await card(page, 'Fix signup on Safari').click();
  await expect(panel(page)).toHaveAccessibleName('Cannot reach the server');
  // Over the board, as the panel itself is (its CSS comes with the error too).
  await expect(panel(page)).toHaveCSS('position', 'fixed');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product launch');
  await expectAccessible(page, 'task panel, cannot reach the server');

  await page.unroute('**/t/*.data*', cut);
  await page.unroute('**/t/*/panel', cut);
  await panel(page).getByRole('button', { name: 'Try again' }).click();
  await expect(panel(page)).toHaveAccessibleName(/Fix signup on Safari/);
  await live(page);
});

test('a signed-out deep link goes through sign-in and back to the panel', async ({ page }) => {
  const signedIn = await signedInPage(page.context().browser()!, 'carol@lanes.test');
  const path = `${BOARD}/t/${await taskIdOf(signedIn, BOARD, 'API rate limiting')}`;
  await signedIn.context().close();

  await page.goto(path);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByLabel('Email').fill('carol@lanes.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(path);
  await expect(panel(page)).toHaveAccessibleName(/API rate limiting/);
});

test('every field saves on its own; a refused title shows inline and rolls back', async ({ page }) => {
  await signInQuickly(page, 'alice@lanes.test');
  const title = `Panel fields ${Date.now().toString(36)}`;
  await page.goto(await newTask(page, title));
  const dialog = panel(page);
  await live(page);

  const titleField = dialog.getByLabel('Title');
  await titleField.fill(`${title} renamed`);
  await titleField.press('Enter');
  await expect(card(page, `${title} renamed`)).toBeVisible();

  await titleField.fill('x'.repeat(201));
  await titleField.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('200');
  await expect(titleField).toHaveValue(`${title} renamed`);

  await dialog.getByRole('button', { name: 'Edit description' }).click();
  await dialog
    .getByLabel('Description (Markdown)')
    .fill('Hello **world**\n\n<script>window.pwned = 1</script>\n\n[bad](javascript:window.pwned=2)');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.locator('.markdown strong')).toHaveText('world');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.locator('.markdown strong')).toHaveText('world');
  await expect(dialog.locator('.markdown script')).toHaveCount(0);
  await expect(dialog.locator('.markdown a')).toHaveCount(0);

  const props = await sidebar(dialog);
  await assign(page, props, 'Carol Member');
  await typeDue(props, '2030-05-17');
  await pick(page, props, 'Priority', 'Urgent');
  await toggleLabels(page, props, ['Bug', 'Design']);
  const onCard = card(page, `${title} renamed`);
  await expect(onCard.locator('.priority')).toContainText('urgent');
  await expect(onCard.getByRole('img', { name: 'Carol Member' })).toBeVisible();
  await expect(onCard.locator('time')).toHaveAttribute('datetime', '2030-05-17');
  // Label links stream to the board too (task_labels events), so the card shows both without a reload.
  await expect(onCard.locator('.label-dot')).toHaveCount(2);

  // Done moves the card into the done column, and back out.
  await dialog.getByRole('checkbox', { name: 'Done' }).check();
  await expect(
    page.locator('[data-column-id]').filter({ hasText: 'Done' }).last().locator('.lane-card-title'),
  ).toContainText([`${title} renamed`]);
  await expect(dialog.getByText(/completed it/)).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Done' }).uncheck();
  await expect(dialog.getByText(/reopened it/)).toBeVisible();

  await page.reload();
  await expect(dialog.getByLabel('Title')).toHaveValue(`${title} renamed`);
  await sidebar(dialog);
  await expect(pickerButton(props, 'Priority')).toHaveAccessibleName(/^Urgent/);
  expect(await dueValue(props)).toBe('2030-05-17');
  await expect(pickerButton(props, 'Labels')).toHaveAccessibleName(/^Bug Design/);
  await expect(onCard.locator('.label-dot')).toHaveCount(2);
  await expect(dialog.locator('.markdown')).toContainText('Hello world');
  expect(await page.evaluate(() => 'pwned' in window)).toBe(false);
  await expectAccessible(page, 'task panel, editing (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'task panel, editing (dark)');

  // Archive hides it from the board; an admin then deletes it for good.
  await live(page);
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(onCard).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Restore' })).toBeVisible();
  page.once('dialog', (confirm) => void confirm.accept());
  await dialog.getByRole('button', { name: 'Delete task' }).click();
  await expect(page).toHaveURL(BOARD);
  await expect(panel(page)).toHaveCount(0);
});

test('comments: alice edits and comments while carol watches the same panel live; delete own', async ({
  page,
  browser,
}) => {
  await signInQuickly(page, 'alice@lanes.test');
  const title = `Live panel ${Date.now().toString(36)}`;
  const path = await newTask(page, title);
  await page.goto(path);
  await live(page);

  const carol = await signedInPage(browser, 'carol@lanes.test');
  await carol.goto(path);
  await live(carol);
  await expect(panel(carol).getByText('No comments yet.')).toBeVisible();

  await panel(page).getByLabel('Title').fill(`${title} v2`);
  await panel(page).getByLabel('Title').press('Enter');
  await panel(page).getByLabel('New comment').fill('Carol, can you take this one?');
  await panel(page).getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(panel(page).getByText('Carol, can you take this one?')).toBeVisible();
  await expect(panel(page).getByLabel('New comment')).toHaveValue('');

  await expect(panel(carol).getByRole('heading', { name: `${title} v2` })).toBeAttached();
  await expect(panel(carol).getByLabel('Title')).toHaveValue(`${title} v2`);
  await expect(panel(carol).getByText('Carol, can you take this one?')).toBeVisible();
  await expect(panel(carol).locator('.comment').getByText('Alice Owner')).toBeVisible();
  // Carol may not delete alice's comment (no control), only her own.
  await expect(panel(carol).getByRole('button', { name: /^Delete comment/ })).toHaveCount(0);

  await panel(carol).getByLabel('New comment').fill('On it.');
  await panel(carol).getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(panel(page).getByText('On it.')).toBeVisible();
  await panel(carol).getByRole('button', { name: 'Edit comment by Carol Member' }).click();
  await panel(carol).getByLabel('Edit comment').fill('On it, today.');
  await panel(carol).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(panel(page).getByText('On it, today.')).toBeVisible();
  await expect(panel(page).locator('.comment').filter({ hasText: 'On it, today.' })).toContainText('edited');
  await panel(carol).getByRole('button', { name: 'Delete comment by Carol Member' }).click();
  await expect(panel(carol).getByText('Comment deleted')).toBeVisible();
  await expect(panel(page).getByText('Comment deleted')).toBeVisible();
  await expect(panel(page).getByText('On it, today.')).toHaveCount(0);
  await carol.context().close();
});

test('attachments: an image as a thumbnail and a PDF as a link, with progress; too big is refused first', async ({
  page,
}) => {
  await signInQuickly(page, 'alice@lanes.test');
  const path = await newTask(page, `Files ${Date.now().toString(36)}`);
  await page.goto(path);
  await live(page);
  const dialog = panel(page);
  await expect(dialog.getByText('No files attached.')).toBeVisible();

  // Over 10 MB: refused beside its name, and nothing is sent.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/storage/v1/')) sent.push(request.url());
  });
  await dialog.getByLabel('Attach files').setInputFiles({
    name: 'huge.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(dialog.getByRole('alert')).toContainText('10 MB');
  expect(sent).toEqual([]);
  await dialog.getByRole('button', { name: 'Dismiss huge.bin' }).click();

  // A slow uplink, so the bar is seen filling with the bytes sent.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 400_000,
  });
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_200_000, 0x20)]);
  await dialog
    .getByLabel('Attach files')
    .setInputFiles({ name: 'spec.pdf', mimeType: 'application/pdf', buffer: pdf });
  const bar = dialog.getByRole('progressbar', { name: 'Uploading spec.pdf' });
  await expect(bar).toBeVisible();
  await expect
    .poll(() => bar.evaluate((p) => (p as HTMLProgressElement).value), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const link = dialog.getByRole('link', { name: /spec\.pdf/ });
  await expect(link).toContainText('application/pdf');
  await expect(link).toContainText(/1\.\d\s?MB/);

  await dialog.getByLabel('Attach files').setInputFiles({
    name: 'screen.png',
    mimeType: 'image/png',
    buffer: Buffer.from(png(800, 400)),
  });
  const thumb = dialog.getByRole('img', { name: 'screen.png' });
  await expect(thumb).toBeVisible();
  await expect(thumb).toHaveAttribute('width', '240');
  await expect(thumb).toHaveAttribute('height', '120');
  await expect(thumb).toHaveAttribute('srcset', /\/files\/[0-9a-f-]{36}\?w=320 320w, .*\?w=640 640w$/);
  await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(dialog.getByText(/attached screen\.png/)).toBeVisible();
  // Each thumbnail width is a fresh signed render of Storage's transform endpoint.
  const small = await page.request.get(`${(await thumb.getAttribute('src'))!}`, { maxRedirects: 0 });
  expect(small.headers().location).toMatch(/\/storage\/v1\/render\/image\/sign\/attachments\/.*\?token=/);
  // Thumbnails are signed for an hour (the browser keeps the redirect for 50 minutes of it).
  expect(signedLifetime(small.headers().location!)).toBe(3600);
  expect(small.headers()['cache-control']).toBe('private, max-age=3000');

  // The download goes through a fresh, short-lived signed URL.
  const download = await page.request.get((await link.getAttribute('href'))!, { maxRedirects: 0 });
  expect(download.status()).toBe(302);
  expect(download.headers().location).toMatch(
    /\/storage\/v1\/object\/sign\/attachments\/.*spec\.pdf\?token=/,
  );
  // A download link lives one minute.
  expect(signedLifetime(download.headers().location!)).toBe(60);
  const bytes = await page.request.get(download.headers().location!);
  expect((await bytes.body()).length).toBe(pdf.length);

  await expectAccessible(page, 'task panel with attachments (light)');
  await dialog.getByRole('button', { name: 'Delete screen.png' }).click();
  await dialog.getByRole('button', { name: 'Delete spec.pdf' }).click();
  await expect(dialog.getByText('No files attached.')).toBeVisible();
  await page.reload();
  await expect(dialog.getByText('No files attached.')).toBeVisible();
});

test('a refused file type is answered beside its name before anything is sent (decision 122)', async ({
  page,
}) => {
  await signInQuickly(page, 'alice@lanes.test');
  const path = await newTask(page, `Types ${Date.now().toString(36)}`);
  await page.goto(path);
  await live(page);
  const dialog = panel(page);
  const storage: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/storage/v1/')) storage.push(`${request.method()} ${request.url()}`);
  });
  await dialog.getByLabel('Attach files').setInputFiles([
    { name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<script>alert(1)</script>') },
    { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg onload="alert(1)"/>') },
  ]);
  const refused = dialog.getByRole('alert');
  await expect(refused).toHaveCount(2);
  await expect(refused.first()).toContainText('This type of file cannot be attached');
  await expect(dialog.locator('.upload-list')).toContainText('page.html');
  await expect(dialog.locator('.upload-list')).toContainText('logo.svg');
  await expectAccessible(page, 'task panel with a refused file type');
  expect(storage).toEqual([]);
  await page.reload();
  await expect(panel(page).getByText('No files attached.')).toBeVisible();
});

test('a viewer sees the panel without controls, and hand-made posts change nothing', async ({ page }) => {
  await signInQuickly(page, 'dave@lanes.test');
  const id = await taskIdOf(page, BOARD, 'New logo variants');
  const path = `${BOARD}/t/${id}`;
  await card(page, 'New logo variants').click();
  await expect(panel(page)).toHaveAccessibleName(/New logo variants/);
  await expect(panel(page).getByText('Love the dark one!')).toBeVisible();
  for (const control of ['textbox', 'combobox', 'checkbox'] as const) {
    await expect(panel(page).getByRole(control)).toHaveCount(0);
  }
  // Watching is the one thing a viewer may do here (anyone who can see a task may watch it, SPEC §10).
  await expect(panel(page).getByRole('button')).toHaveText([/^Watch/]);
  await expectAccessible(page, 'task panel, viewer (light)');

  const posts: Record<string, string>[] = [
    { intent: 'title', value: 'Hacked by dave' },
    { intent: 'priority', value: 'urgent' },
    // The seeded board's Done column: a viewer cannot move the task there either.
    { intent: 'column', value: 'c0000000-0000-4000-8000-000000000013' },
    { intent: 'archive', value: 'true' },
    { intent: 'comment', body: 'Dave was here' },
  ];
  for (const form of posts) {
    const response = await page.request.post(path, { form });
    expect(response.status()).toBeLessThan(500);
  }
  await page.reload();
  await expect(panel(page)).toHaveAccessibleName(/New logo variants/);
  await expect(panel(page).getByText('Dave was here')).toHaveCount(0);
  const properties = panel(page).getByRole('region', { name: 'Properties' });
  await expect(properties).toContainText('Medium');
  await expect(properties).toContainText('Doing');
  await expect(panel(page).getByText('Archived')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a card is a link to its panel page', async ({ page }) => {
    await signIn(page, 'carol@lanes.test', PASSWORD, `/sign-in?next=${encodeURIComponent(BOARD)}`);
    await expect(page).toHaveURL(BOARD);
    await card(page, 'Help center articles').click();
    await expect(page).toHaveURL(new RegExp(`${BOARD}/t/[0-9a-f-]{36}$`));
    await expect(panel(page)).toHaveAccessibleName(/Help center articles/);
    await panel(page).getByRole('link', { name: 'Close task' }).click();
    await expect(page).toHaveURL(BOARD);
    await expect(panel(page)).toHaveCount(0);
  });

  test('a comment posts with the plain form', async ({ page }) => {
    await signIn(page, 'carol@lanes.test', PASSWORD, `/sign-in?next=${encodeURIComponent(BOARD)}`);
    await expect(page).toHaveURL(BOARD);
    const id = await page
      .locator('[data-task-id]')
      .filter({ hasText: 'Help center articles' })
      .getAttribute('data-task-id');
    await page.goto(`${BOARD}/t/${id}`);
    const body = `Posted without JS ${Date.now().toString(36)}`;
    await page.getByLabel('New comment').fill(body);
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(page.getByRole('dialog').getByText(body)).toBeVisible();
  });
});

test('a task deleted by a teammate closes the open panel back to the board, not a 404', async ({
  page,
  browser,
}) => {
  await signInQuickly(page, 'alice@lanes.test');
  const title = `Deleted meanwhile ${Date.now().toString(36)}`;
  const path = await newTask(page, title);
  const carol = await signedInPage(browser, 'carol@lanes.test');
  await carol.goto(path);
  await live(carol);
  await expect(panel(carol)).toHaveAccessibleName(new RegExp(title));

  await page.goto(path);
  await live(page);
  await panel(page).getByRole('button', { name: 'Archive' }).click();
  await expect(panel(page).getByRole('button', { name: 'Restore' })).toBeVisible();
  page.once('dialog', (confirm) => void confirm.accept());
  await panel(page).getByRole('button', { name: 'Delete task' }).click();
  await expect(page).toHaveURL(BOARD);

  await expect(carol).toHaveURL(BOARD);
  await expect(panel(carol)).toHaveCount(0);
  await expect(carol.getByRole('heading', { level: 1, name: 'Product launch' })).toBeVisible();
  await carol.context().close();
});
