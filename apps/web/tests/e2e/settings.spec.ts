/**
 * Workspace settings and invitations end to end, through the inbox: invite, sign up from the invitation, confirm,
 * accept, appear live; roles, remove, leave, revoke, resend, delete; refusals inline; axe in both themes.
 */
import { SECRET_KEY } from '@lanes/stack/keys';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import {
  emailedLink,
  expect,
  INVITATION_LINK,
  PASSWORD,
  signInQuickly,
  test,
  uniqueEmail,
} from './fixtures.ts';

/** alice's own fresh workspace (with one board), so tests never share members or invitations. */
async function aliceWorkspace(page: Page): Promise<{ slug: string; name: string }> {
  await signInQuickly(page, 'alice@lanes.test');
  const slug = `team-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const name = `Team ${slug.slice(5)}`;
  const created = await page.request.post('/w', { form: { name, slug }, maxRedirects: 0 });
  expect(created.status()).toBe(302);
  const board = await page.request.post(`/w/${slug}?index`, {
    form: { name: 'Launch', description: '' },
    maxRedirects: 0,
  });
  expect(board.status()).toBe(302);
  return { slug, name };
}

/** Sends an invitation from the settings screen and waits for its confirmation. */
async function invite(page: Page, email: string, role: 'admin' | 'member' | 'viewer') {
  const form = page.getByRole('region', { name: 'Invitations' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText(`Invitation sent to ${email}.`)).toBeVisible();
}

/** A seeded user accepts their newest invitation to `name` in a browser of their own. */
async function accept(browser: Browser, email: string, name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_APP_URL });
  const page = await context.newPage();
  await signInQuickly(page, email);
  await page.goto(await emailedLink(email, new RegExp(`Join ${name}`), INVITATION_LINK));
  await page.getByRole('button', { name: 'Accept and join' }).click();
  await expect(page).toHaveURL(/\/w\/team-/);
  return page;
}

const members = (page: Page) => page.getByRole('list', { name: /Members/ });

// These stories walk several people through several screens and emails: more than the default 20 s.
test.slow();

test('a new address is invited, signs up from the invitation, confirms, accepts, and appears live', async ({
  page,
  browser,
}) => {
  const { slug, name } = await aliceWorkspace(page);
  await page.goto(`/w/${slug}`);
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(`/w/${slug}/settings`);
  const email = uniqueEmail('newbie');
  await invite(page, email, 'member');
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByRole('listitem', { name: email })).toContainText(
    'Member · Pending, expires in 7 days',
  );

  const invitee = await (await browser.newContext({ baseURL: process.env.E2E_APP_URL })).newPage();
  await invitee.goto(await emailedLink(email, new RegExp(`Join ${name} on Lanes`), INVITATION_LINK));
  await expect(invitee.getByRole('heading', { name: `Join ${name}` })).toBeVisible();
  await expect(
    invitee.getByText(`Alice Owner invited you to join ${name} on Lanes as a member.`),
  ).toBeVisible();
  await invitee.getByRole('link', { name: 'Create an account' }).click();
  await invitee.getByLabel('Display name').fill('Nora Newbie');
  await invitee.getByLabel('Email').fill(email);
  await invitee.getByLabel('Password').fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await expect(invitee.getByText('Check your inbox.')).toBeVisible();
  await invitee.goto(await emailedLink(email, /confirm/i));
  await expect(invitee).toHaveURL(/\/invite\//);
  await invitee.getByRole('button', { name: 'Accept and join' }).click();
  await expect(invitee).toHaveURL(`/w/${slug}`);
  await invitee.getByRole('link', { name: /Launch/ }).click();
  await expect(invitee.getByRole('heading', { level: 1, name: 'Launch' })).toBeVisible();

  // alice never reloaded: the membership arrived over realtime, and the invitation left the pending list.
  await expect(members(page).getByRole('listitem', { name: 'Nora Newbie' })).toContainText(email);
  await expect(pending).toHaveCount(0);
});

test('change a role, remove a member, refuse bad invitations inline, leave, and the last owner is told why not', async ({
  page,
  browser,
}) => {
  const { slug, name } = await aliceWorkspace(page);
  await page.goto(`/w/${slug}/settings`);
  await invite(page, 'carol@lanes.test', 'member');
  await invite(page, 'dave@lanes.test', 'viewer');
  const carol = await accept(browser, 'carol@lanes.test', name);
  const dave = await accept(browser, 'dave@lanes.test', name);

  // A viewer sees the members and can leave; nothing to manage.
  await dave.goto(`/w/${slug}/settings`);
  await expect(members(dave).getByRole('listitem')).toHaveCount(3);
  await expect(dave.getByRole('region', { name: 'Invitations' })).toHaveCount(0);
  await expect(dave.getByRole('region', { name: 'General' })).toHaveCount(0);
  await expect(dave.getByRole('region', { name: 'Danger zone' })).toHaveCount(0);
  await expect(dave.getByRole('button', { name: /Change role|Remove/ })).toHaveCount(0);

  await expect(members(page).getByRole('listitem')).toHaveCount(3);
  const carolRow = members(page).getByRole('listitem', { name: 'Carol Member' });
  await carolRow.getByLabel('Role of Carol Member').selectOption('admin');
  await carolRow.getByRole('button', { name: 'Change role' }).click();
  await expect(carolRow.getByRole('status')).toHaveText('Role changed.');
  await page.reload();
  await expect(carolRow.getByLabel('Role of Carol Member')).toHaveValue('admin');

  const daveRow = members(page).getByRole('listitem', { name: 'Dave Viewer' });
  // By keyboard: the disclosure opens with Enter, the confirming button is the next stop.
  await daveRow.getByText('Remove', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(daveRow.getByRole('button', { name: `Remove Dave Viewer from ${name}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(daveRow).toHaveCount(0);
  await dave.goto(`/w/${slug}`);
  await expect(dave.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // carol, now an admin: may invite, but not above admin, and not a malformed address.
  await carol.goto(`/w/${slug}/settings`);
  const form = carol.getByRole('region', { name: 'Invitations' });
  await expect(form.getByLabel('Role').locator('option')).toHaveText(['Admin', 'Member', 'Viewer']);
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Email')).toBeFocused();
  // The server holds the rule too: a doctored form asking for owner is refused on the role field.
  await form.getByLabel('Email').fill(uniqueEmail('boss'));
  await form.getByLabel('Role').evaluate((select: HTMLSelectElement) => {
    select.add(new Option('Owner', 'owner'));
    select.value = 'owner';
    select.form?.addEventListener('submit', (e) => e.stopImmediatePropagation(), { capture: true });
  });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText('Invitations can grant admin at most.')).toBeVisible();
  await expect(form.getByLabel('Role')).toHaveAttribute('aria-invalid', 'true');
  await expect(carol.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
  // An admin cannot touch the owner, nor delete the workspace.
  await expect(members(carol).getByRole('listitem', { name: 'Alice Owner' }).getByText('Remove')).toHaveCount(
    0,
  );
  await expect(carol.getByRole('region', { name: 'Danger zone' })).toHaveCount(0);

  await carol.getByRole('button', { name: `Leave ${name}` }).click();
  await expect(carol).toHaveURL('/w');
  await expect(carol.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);

  // Demoting herself, the last owner, is refused on her row with the catalogue's message.
  const aliceRow = members(page).getByRole('listitem', { name: 'Alice Owner' });
  await aliceRow.getByLabel('Role of Alice Owner').selectOption('admin');
  await aliceRow.getByRole('button', { name: 'Change role' }).click();
  await expect(aliceRow.getByRole('alert')).toHaveText(
    'A workspace needs an owner. Make someone else an owner first.',
  );

  await page.getByRole('button', { name: `Leave ${name}` }).click();
  const refusal = page.getByRole('region', { name: 'Leave workspace' }).getByRole('alert');
  await expect(refusal).toContainText(`You are the last owner of ${name}.`);
  // The catalogue's LAST_OWNER message, then what to do about it.
  await expect(refusal).toContainText('A workspace needs an owner. Make someone else an owner first.');
  await expect(refusal).toContainText("choose Owner as another member's role above");
  await expect(page).toHaveURL(`/w/${slug}/settings`);
});

test('resend and revoke an invitation; used, revoked, unknown and other-email links each say so', async ({
  page,
  browser,
}) => {
  const { slug, name } = await aliceWorkspace(page);
  await page.goto(`/w/${slug}/settings`);
  const email = uniqueEmail('maybe');
  await invite(page, email, 'viewer');
  const first = await emailedLink(email, new RegExp(`Join ${name}`), INVITATION_LINK);
  const row = page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem', { name: email });
  await expect(page.getByText('19 of 20 invitation emails left this hour.')).toBeVisible();
  await row.getByRole('button', { name: 'Resend' }).click();
  await expect(row.getByRole('status')).toHaveText(`Sent again to ${email}.`);
  await expect(page.getByText('18 of 20 invitation emails left this hour.')).toBeVisible();
  const second = await emailedLink(email, new RegExp(`Join ${name}`), INVITATION_LINK);
  expect(second).not.toBe(first);

  // Someone else signed in opens it: told it is not theirs, without the invited address.
  const bob = await (await browser.newContext({ baseURL: process.env.E2E_APP_URL })).newPage();
  await signInQuickly(bob, 'bob@lanes.test');
  await bob.goto(second);
  await expect(
    bob.getByText(/sent to a different email address than yours \(bob@lanes\.test\)/),
  ).toBeVisible();
  await expect(bob.locator('body')).not.toContainText(email);
  // The old link died with the resend.
  const old = await bob.goto(first);
  expect(old?.status()).toBe(404);
  await expect(bob.getByRole('heading', { name: 'This invitation link is not valid' })).toBeVisible();

  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
  const revoked = await bob.goto(second);
  expect(revoked?.status()).toBe(410);
  await expect(bob.getByRole('alert')).toContainText('This invitation was withdrawn.');
  await expect(bob.getByRole('button', { name: /Accept/ })).toHaveCount(0);

  // Past its expiry (moved back in the database, as time would): expired, whatever its stored status.
  const late = uniqueEmail('late');
  await invite(page, late, 'member');
  const lateLink = await emailedLink(late, new RegExp(`Join ${name}`), INVITATION_LINK);
  const expired = await fetch(
    `${process.env.E2E_API_URL}/rest/v1/invitations?email=eq.${encodeURIComponent(late)}`,
    {
      method: 'PATCH',
      headers: { apikey: SECRET_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ expires_at: new Date(Date.now() - 60_000).toISOString() }),
    },
  );
  expect(expired.status).toBe(204);
  const lateAnswer = await bob.goto(lateLink);
  expect(lateAnswer?.status()).toBe(410);
  await expect(bob.getByRole('alert')).toContainText('This invitation has expired.');
  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem', { name: late }),
  ).toContainText('Member · Expired 1 minute ago');

  const unknown = await bob.goto(`/invite/${'x'.repeat(43)}`);
  expect(unknown?.status()).toBe(404);
  const malformed = await bob.goto('/invite/nonsense');
  expect(malformed?.status()).toBe(404);

  // Accepted, then opened again: already answered. Declined: says so.
  await invite(page, 'carol@lanes.test', 'member');
  const link = await emailedLink('carol@lanes.test', new RegExp(`Join ${name}`), INVITATION_LINK);
  const carol = await accept(browser, 'carol@lanes.test', name);
  const used = await carol.goto(link);
  expect(used?.status()).toBe(410);
  await expect(carol.getByRole('alert')).toContainText('This invitation has already been accepted.');

  await invite(page, 'erin@lanes.test', 'viewer');
  const erin = await (await browser.newContext({ baseURL: process.env.E2E_APP_URL })).newPage();
  await signInQuickly(erin, 'erin@lanes.test');
  await erin.goto(await emailedLink('erin@lanes.test', new RegExp(`Join ${name}`), INVITATION_LINK));
  await erin.getByRole('button', { name: 'Decline' }).click();
  await expect(erin.getByRole('heading', { name: 'Invitation declined' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
});

test('rename a workspace, then delete it after typing its name', async ({ page }) => {
  const { slug, name: before } = await aliceWorkspace(page);
  await page.goto(`/w/${slug}/settings`);
  const general = page.getByRole('region', { name: 'General' });
  await general.getByLabel('Workspace name').fill('   ');
  await general.getByRole('button', { name: 'Rename' }).click();
  await expect(general.getByLabel('Workspace name')).toHaveAttribute('aria-invalid', 'true');
  await expect(general.getByLabel('Workspace name')).toBeFocused();
  const name = `${before} renamed`;
  await general.getByLabel('Workspace name').fill(name);
  await general.getByRole('button', { name: 'Rename' }).click();
  await expect(general.getByRole('status')).toHaveText(`Renamed to ${name}.`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(name);

  const zone = page.getByRole('region', { name: 'Danger zone' });
  await zone.getByLabel(`Type ${name} to confirm`).fill('something else');
  await zone.getByRole('button', { name: 'Delete this workspace' }).click();
  await expect(zone.getByText(`Type ${name} to confirm.`)).toBeVisible();
  await expect(zone.getByLabel(`Type ${name} to confirm`)).toBeFocused();

  await zone.getByLabel(`Type ${name} to confirm`).fill(name);
  await zone.getByRole('button', { name: 'Delete this workspace' }).click();
  await expect(page).toHaveURL('/w');
  await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
  const gone = await page.goto(`/w/${slug}`);
  expect(gone?.status()).toBe(404);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`settings and the invitation page pass axe in the ${colorScheme} theme`, async ({ page, browser }) => {
    await page.emulateMedia({ colorScheme });
    const { slug, name } = await aliceWorkspace(page);
    await page.goto(`/w/${slug}/settings`);
    const email = uniqueEmail('axe');
    await invite(page, email, 'member');
    await expectAccessible(page, `settings (${colorScheme})`);
    const visitor = await (
      await browser.newContext({ baseURL: process.env.E2E_APP_URL, colorScheme })
    ).newPage();
    await visitor.goto(await emailedLink(email, new RegExp(`Join ${name}`), INVITATION_LINK));
    await expect(visitor.getByRole('heading', { name: `Join ${name}` })).toBeVisible();
    await expectAccessible(visitor, `invitation (${colorScheme})`);
    await visitor.goto(`/invite/${'y'.repeat(43)}`);
    await expectAccessible(visitor, `unknown invitation (${colorScheme})`);
  });
}
