/**
 * Issue 26 from the attacker's side, over the no-JS form posts and in the browser: guessing one account's
 * password is stopped with 429, Retry-After and a message (decision 069), without locking anyone else out of
 * the same address; and password recovery answers a known address as an unknown one, however often asked.
 */
import { createAccount, expect, PASSWORD, signIn, test, uniqueEmail } from './fixtures.ts';

const WRONG = 'not-the-password-9';

test('60 wrong passwords end in 429 with Retry-After and a message; the right one is then refused too; another account from the same address still signs in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const victim = await createAccount('Victim');
  const neighbour = await createAccount('Neighbour');
  const post = (email: string, password: string) =>
    page.request.post('/sign-in', {
      form: { email, password, intent: 'password', next: '/w' },
      maxRedirects: 0,
    });

  const statuses: number[] = [];
  let limited: Awaited<ReturnType<typeof post>> | undefined;
  for (let i = 0; i < 60; i += 1) {
    const response = await post(victim.email, WRONG);
    statuses.push(response.status());
    if (response.status() === 429) limited ??= response;
  }
  // Ten guesses reach Auth (each a plain "wrong email or password"), the other fifty never do.
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
  expect(statuses.slice(10)).toEqual(Array(50).fill(429));
  const retryAfter = Number(limited?.headers()['retry-after']);
  expect(retryAfter).toBeGreaterThan(14 * 60);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(await limited?.text()).toMatch(/Too many attempts\. Please wait 1[45] minutes and try again\./);

  // The right password from this address waits too: the attacker got in at guess 61.
  expect((await post(victim.email, PASSWORD)).status()).toBe(429);

  // Someone else behind the same address (an office, a café) signs in as usual, in the browser.
  await signIn(page, neighbour.email);
  await expect(page).toHaveURL(/\/w$/);
});

test('in the browser, a locked sign-in shows the wait and keeps the email', async ({ page }) => {
  test.setTimeout(60_000);
  const victim = await createAccount('Locked');
  for (let i = 0; i < 10; i += 1) {
    const response = await page.request.post('/sign-in', {
      form: { email: victim.email, password: WRONG, intent: 'password', next: '/w' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
  }
  await signIn(page, victim.email);
  await expect(page.getByRole('alert')).toContainText(/Too many attempts\. Please wait 1[45] minutes/);
  await expect(page.getByLabel('Email')).toHaveValue(victim.email);
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('password recovery answers a known and an unknown address alike, asked three times in a row', async ({
  page,
}) => {
  const known = await createAccount('Known');
  const ask = async (email: string) => {
    const answers: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      answers.push((await page.request.post('/forgot-password', { form: { email } })).status());
    }
    return answers;
  };
  const forKnown = await ask(known.email);
  expect(forKnown).toEqual([200, 200, 200]);
  expect(await ask(uniqueEmail('nobody'))).toEqual(forKnown);
});

test('a fourth recovery email for one address from one visitor within 15 minutes is refused with the wait', async ({
  page,
}) => {
  const email = uniqueEmail('flood');
  for (let i = 0; i < 3; i += 1) {
    expect((await page.request.post('/forgot-password', { form: { email } })).status()).toBe(200);
  }
  const refused = await page.request.post('/forgot-password', { form: { email } });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await refused.text()).toMatch(/Too many attempts\. Please wait 1[45] minutes and try again\./);
});
