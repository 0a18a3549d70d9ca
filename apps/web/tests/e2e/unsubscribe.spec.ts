/**
 * The page behind every notification email's unsubscribe link (decision 075), signed out: a GET only asks, a
 * forged or broken link changes nothing and says so. The signed token itself is checked by the database; the
 * data package's notification-email test follows a real email's link through it.
 */
import { expectAccessible } from './accessibility.ts';
import { admin, expect, test } from './fixtures.ts';

const PERSON = '33333333-3333-4333-8333-333333333333';
/** Well-formed, signed with the wrong key. */
const FORGED = `${PERSON}.mentioned.${'A'.repeat(43)}`;

test('a forged link asks first, then changes nothing; a broken one says it does not work', async ({
  page,
}) => {
  await page.goto(`/unsubscribe?token=${FORGED}`);
  await expect(page.getByRole('heading', { name: 'Stop these emails?' })).toBeVisible();
  await expect(page.getByText('emails for “Someone mentions me”')).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `/unsubscribe asking (${colorScheme})`);
  }

  const choices = () =>
    admin(`/rest/v1/notification_preferences?user_id=eq.${PERSON}&kind=eq.mentioned`, { method: 'GET' });
  const before = await choices();
  const answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  // Carol's choice for mentions is as it was: the forged signature changed nothing.
  expect(await choices()).toEqual(before);

  await page.goto('/unsubscribe?token=cut-short');
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  await expectAccessible(page, '/unsubscribe with a broken link');
});
