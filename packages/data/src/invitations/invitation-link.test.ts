import { describe, expect, it } from 'vitest';
import { latestEmail, SITE_URL, uniqueEmail } from '../../tests/helpers.ts';
import { createWorld } from '../../tests/world.ts';
import { inviteMember } from './invite-member.ts';
import { resendInvitation } from './resend-invitation.ts';

/** The invitation link in the newest email to `address`. */
async function emailedLink(address: string): Promise<string> {
  const text = (await latestEmail(address))?.Text ?? '';
  const link = /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  if (!link) throw new Error(`no invitation link in the email to ${address}`);
  return link;
}

// The stack these tests share sets no LANES_SITE_URL, as `pnpm dev` does not: the app's own address must come
// with the request (decision 081). Before, every link pointed at http://localhost:5173 whatever the app said.
describe('invitation links', () => {
  it("point at the app's own address on another port, for a new invitation and a resend", async () => {
    const world = await createWorld();
    const email = uniqueEmail('linked');
    const app = 'http://127.0.0.1:4321';
    const { invitation } = await inviteMember(
      world.owner.client,
      { workspaceId: world.workspaceId, email, role: 'member' },
      { siteUrl: app },
    );
    expect(await emailedLink(email)).toMatch(new RegExp(`^${app}/invite/`));
    const first = await emailedLink(email);
    await resendInvitation(
      world.owner.client,
      { invitationId: invitation.id },
      { siteUrl: 'http://localhost:6543' },
    );
    const resent = await emailedLink(email);
    expect(resent).not.toBe(first);
    expect(resent).toMatch(/^http:\/\/localhost:6543\/invite\//);
  });

  it('never point at an address off this machine a caller names; without one they use the local default', async () => {
    const world = await createWorld();
    const email = uniqueEmail('phished');
    await inviteMember(
      world.owner.client,
      { workspaceId: world.workspaceId, email, role: 'member' },
      { siteUrl: 'https://evil.example' },
    );
    expect(await emailedLink(email)).toMatch(new RegExp(`^${SITE_URL}/invite/`));
    const other = uniqueEmail('plain');
    await inviteMember(world.owner.client, { workspaceId: world.workspaceId, email: other, role: 'viewer' });
    expect(await emailedLink(other)).toMatch(new RegExp(`^${SITE_URL}/invite/`));
  });
});
