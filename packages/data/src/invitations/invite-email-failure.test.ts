/**
 * A failed invitation email leaves nothing half done (decision 086): on a stack of its own whose functions send
 * email to a port nobody listens on, a new invitation is rolled back and a resent one stays pending.
 */

import { fileURLToPath } from 'node:url';
import { freePort, startTestStack, toEnv } from '@lanes/stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, uniqueEmail } from '../../tests/helpers.ts';
import { createWorld } from '../../tests/world.ts';
import { inviteMember } from './invite-member.ts';
import { listInvitations } from './list-invitations.ts';
import { resendInvitation } from './resend-invitation.ts';

const repo = fileURLToPath(new URL('../../../..', import.meta.url));
let stop: () => Promise<void>;
let shared: string | undefined;

beforeAll(async () => {
  const deadInbox = `http://127.0.0.1:${await freePort()}/api/v1/send`;
  const stack = await startTestStack({ workdir: repo, functionsEnv: { LANES_EMAIL_API_URL: deadInbox } });
  stop = stack.stop;
  // The helpers read the stack from STACK_ENV: point them at this one for this file (its own worker).
  shared = process.env.STACK_ENV;
  process.env.STACK_ENV = JSON.stringify(toEnv(stack));
}, 120_000);

afterAll(async () => {
  process.env.STACK_ENV = shared;
  await stop?.();
});

describe('when the invitation email cannot be sent', () => {
  it('does not keep a new invitation, so sending again is possible at once', async () => {
    const world = await createWorld();
    const email = uniqueEmail('unlucky');
    const input = { workspaceId: world.workspaceId, email, role: 'member' as const };
    await expect(inviteMember(world.owner.client, input)).rejects.toMatchObject({
      code: 'UNEXPECTED',
      message: 'The invitation email could not be sent, so the invitation was not saved. Try again.',
    });
    expect(await listInvitations(world.owner.client, { workspaceId: world.workspaceId })).toEqual([]);
    // Not CONFLICT ("already invited"): no pending invitation was left behind.
    await expect(inviteMember(world.owner.client, input)).rejects.toMatchObject({ code: 'UNEXPECTED' });
  }, 60_000);

  it('keeps a resent invitation pending and says so', async () => {
    const world = await createWorld();
    const email = uniqueEmail('unlucky');
    const { data, error } = await serviceClient()
      .from('invitations')
      .insert({
        workspace_id: world.workspaceId,
        email,
        role: 'viewer',
        token_hash: 'a'.repeat(64),
        invited_by: world.owner.id,
      })
      .select('id')
      .single();
    if (error) throw error;
    await expect(resendInvitation(world.owner.client, { invitationId: data.id })).rejects.toMatchObject({
      code: 'UNEXPECTED',
      message: 'The email could not be sent. The invitation is still pending: resend it.',
    });
    const listed = await listInvitations(world.owner.client, { workspaceId: world.workspaceId });
    expect(listed.map((i) => [i.email, i.status])).toEqual([[email, 'pending']]);
  }, 60_000);
});
