/**
 * A card's cover image (decision 197), in Chromium: an image attachment made the cover by keyboard shows on a
 * teammate's board live and goes when removed or when its file is deleted; the no-JavaScript form; a viewer sees
 * it at phone width with no control and a hand-made post changes nothing; axe in both themes; screenshots under
 * `E2E_SHOTS` when it is set.
 */
import type { Locator, Page } from '@playwright/test';
import { png } from '../../../../packages/data/tests/images.ts';
import { expectAccessible } from './accessibility.ts';
import {
  ACME_BOARD,
  ACME_ID,
  admin,
  adminPost,
  card,
  expect,
  live,
  seededTask,
  shot,
  signedInPage,
  signInQuickly,
  test,
} from './fixtures.ts';

// Two browsers, an upload and several saves: more than the suite's 20 s default.
test.describe.configure({ timeout: 60_000 });

const ALICE = '11111111-1111-4111-8111-111111111111';
/** What travels through the realtime server to another browser: generous on a loaded machine. */
const LIVE = { timeout: 20_000 };
const panel = (page: Page): Locator => page.getByRole('dialog');
const cover = (page: Page, title: string): Locator => card(page, title).locator('img.lane-card-cover');

/** An image file and its row on the task, as Alice's upload would leave them. */
async function seededImage(taskId: string, name: string): Promise<string> {
  const path = `${ACME_ID}/${taskId}/${crypto.randomUUID()}/${name}`;
  await admin(`/storage/v1/object/attachments/${path}`, {
    method: 'POST',
    body: Buffer.from(png(640, 360)),
    headers: { 'Content-Type': 'image/png' },
  });
  const [row] = (await adminPost('/rest/v1/attachments', {
    task_id: taskId,
    object_path: path,
    file_name: name,
    mime_type: 'image/png',
    size_bytes: png(640, 360).length,
    width: 640,
    height: 360,
    uploaded_by: ALICE,
  })) as { id: string }[];
  return row!.id;
}

/** The cover has drawn: its thumbnail came back from Storage's transform. */
async function drawn(image: Locator) {
  await expect(image).toBeAttached(LIVE);
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), LIVE)
    .toBeGreaterThan(0);
}

test('an uploaded image made the cover by keyboard shows on a teammate’s board live, and goes again', async ({
  page,
  browser,
}) => {
  const title = `Cover live ${Date.now().toString(36)}`;
  const id = await seededTask(title);
  const carol = await signedInPage(browser, 'carol@lanes.test');
  await carol.goto(ACME_BOARD);
  await live(carol);
  await expect(card(carol, title)).toBeVisible(LIVE);
  await expect(cover(carol, title)).toHaveCount(0);

  await signInQuickly(page, 'alice@lanes.test');
  await page.goto(`${ACME_BOARD}/t/${id}`);
  await live(page);
  const dialog = panel(page);
  await dialog.getByLabel('Attach files').setInputFiles([
    { name: 'sketch.png', mimeType: 'image/png', buffer: Buffer.from(png(800, 400)) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
  ]);
  await expect(dialog.getByRole('img', { name: 'sketch.png' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: /notes\.txt/ })).toBeVisible();
  // Only images can be a cover.
  await expect(dialog.getByRole('button', { name: /cover notes\.txt/ })).toHaveCount(0);

  // By keyboard: focus the button, Enter.
  await dialog.getByRole('button', { name: 'Make cover sketch.png' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Remove cover sketch.png' })).toBeVisible();

  // Carol's board shows it without a reload: a lazy, alt-less image in a fixed box, through the file route.
  const seen = cover(carol, title);
  await expect(seen).toHaveAttribute('alt', '', LIVE);
  await expect(seen).toHaveAttribute('loading', 'lazy');
  await expect(seen).toHaveAttribute('width', '256');
  await expect(seen).toHaveAttribute('height', '144');
  await expect(seen).toHaveAttribute(
    'srcset',
    /\/t\/[0-9a-f-]{36}\/files\/[0-9a-f-]{36}\?w=320 320w, .*\?w=640 640w$/,
  );
  await drawn(seen);
  // Alice's own board behind the panel too.
  await drawn(cover(page, title));
  const box = await seen.boundingBox();
  expect(box && Math.round((box.width / box.height) * 9)).toBe(16);

  await seen.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'task panel with a cover (light)');
  await expectAccessible(carol, 'board with a cover (light)');
  await shot(carol, 'cover/board-light.png');
  await shot(card(carol, title), 'cover/card-light.png');
  await shot(page, 'cover/panel-light.png');
  await page.emulateMedia({ colorScheme: 'dark' });
  await carol.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'task panel with a cover (dark)');
  await expectAccessible(carol, 'board with a cover (dark)');
  await shot(carol, 'cover/board-dark.png');
  await shot(card(carol, title), 'cover/card-dark.png');
  await shot(page, 'cover/panel-dark.png');

  // Removed by mouse: gone from Carol's board.
  await dialog.getByRole('button', { name: 'Remove cover sketch.png' }).click();
  await expect(dialog.getByRole('button', { name: 'Make cover sketch.png' })).toBeVisible();
  await expect(cover(carol, title)).toHaveCount(0, LIVE);

  // Made again, then the file deleted: the cover goes with it (the foreign key sets it null).
  await dialog.getByRole('button', { name: 'Make cover sketch.png' }).click();
  await drawn(cover(carol, title));
  await dialog.getByRole('button', { name: 'Delete sketch.png' }).click();
  await expect(dialog.getByRole('img', { name: 'sketch.png' })).toHaveCount(0);
  await expect(cover(carol, title)).toHaveCount(0, LIVE);
  expect(await storedCover(id)).toBeNull();
  await carol.context().close();
});

/** The task's cover as the database holds it. */
async function storedCover(taskId: string): Promise<string | null> {
  const [row] = (await admin(`/rest/v1/tasks?id=eq.${taskId}&select=cover_attachment_id`, {
    method: 'GET',
  })) as { cover_attachment_id: string | null }[];
  return row!.cover_attachment_id;
}

test('a viewer sees the cover at phone width but gets no control, and a hand-made post changes nothing', async ({
  page,
}) => {
  const title = `Cover viewer ${Date.now().toString(36)}`;
  const id = await seededTask(title);
  const image = await seededImage(id, 'viewer.png');
  await signInQuickly(page, 'dave@lanes.test');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(ACME_BOARD);
  await live(page);
  await expect(card(page, title)).toBeVisible(LIVE);
  await admin(`/rest/v1/tasks?id=eq.${id}`, {
    method: 'PATCH',
    body: JSON.stringify({ cover_attachment_id: image }),
  });
  const shown = cover(page, title);
  await expect(shown).toBeAttached(LIVE);
  await shown.scrollIntoViewIfNeeded();
  await drawn(shown);
  await shot(card(page, title), 'cover/card-phone.png');
  await shot(page, 'cover/board-phone.png');

  await page.goto(`${ACME_BOARD}/t/${id}`);
  await expect(panel(page).getByRole('img', { name: 'viewer.png' })).toBeVisible();
  await expect(panel(page).getByRole('button', { name: /cover/ })).toHaveCount(0);
  const response = await page.request.post(`${ACME_BOARD}/t/${id}`, { form: { intent: 'cover', value: '' } });
  expect(response.status()).toBeLessThan(500);
  expect(await storedCover(id)).toBe(image);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain form makes the cover and removes it', async ({ page }) => {
    const title = `Cover plain ${Date.now().toString(36)}`;
    const id = await seededTask(title);
    const image = await seededImage(id, 'plain.png');
    await signInQuickly(page, 'alice@lanes.test');
    await page.goto(`${ACME_BOARD}/t/${id}`);
    await panel(page).getByRole('button', { name: 'Make cover plain.png' }).click();
    await expect(panel(page).getByRole('button', { name: 'Remove cover plain.png' })).toBeVisible();
    expect(await storedCover(id)).toBe(image);
    await panel(page).getByRole('button', { name: 'Remove cover plain.png' }).click();
    await expect(panel(page).getByRole('button', { name: 'Make cover plain.png' })).toBeVisible();
    expect(await storedCover(id)).toBeNull();
  });
});
