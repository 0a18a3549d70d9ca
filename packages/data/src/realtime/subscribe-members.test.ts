import { afterEach, describe, expect, it } from 'vitest';
import { anonClient, createUser } from '../../tests/helpers.ts';
import { createWorld } from '../../tests/world.ts';
import { changeMemberRole } from '../members/change-member-role.ts';
import { leaveWorkspace } from '../members/leave-workspace.ts';
import { removeMember } from '../members/remove-member.ts';
import { type MembersEvent, type MembersSubscription, subscribeMembers } from './subscribe-members.ts';

const open: MembersSubscription[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.unsubscribe()));
});

/** Resolves once `predicate` holds for the events so far (polled; the test's timeout is the deadline). */
function until(events: MembersEvent[], predicate: (events: MembersEvent[]) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (predicate(events) ? resolve() : setTimeout(check, 20));
    check();
  });
}
const changes = (events: MembersEvent[], count: number) =>
  until(events, (all) => all.filter((e) => e.kind === 'changed').length >= count);
const status = (events: MembersEvent[]) =>
  until(events, (all) => all.some((e) => e.kind === 'status' && e.status !== 'CLOSED')).then(
    () => events.find((e) => e.kind === 'status' && e.status !== 'CLOSED') as MembersEvent,
  );

describe('subscribeMembers', () => {
  it('tells a member when someone joins, changes role, is removed and leaves', async () => {
    const world = await createWorld();
    const viewer = await world.join('viewer', 'Vi');
    const events: MembersEvent[] = [];
    open.push(subscribeMembers(viewer.client, { workspaceId: world.workspaceId }, (e) => events.push(e)));
    expect(await status(events)).toEqual({ kind: 'status', status: 'SUBSCRIBED' });

    const bo = await world.join('member', 'Bo');
    await changes(events, 1);
    await changeMemberRole(world.owner.client, {
      workspaceId: world.workspaceId,
      userId: bo.id,
      role: 'viewer',
    });
    await changes(events, 2);
    await removeMember(world.owner.client, { workspaceId: world.workspaceId, userId: bo.id });
    await changes(events, 3);
    const cy = await world.join('member', 'Cy');
    await changes(events, 4);
    await leaveWorkspace(cy.client, { workspaceId: world.workspaceId });
    await changes(events, 5);
    expect(events.filter((e) => e.kind === 'changed')).toHaveLength(5);
  });

  it('refuses the channel to a signed-out visitor and to someone of another workspace', async () => {
    const world = await createWorld();
    const stranger = await createUser('Stranger', 'stranger');
    for (const client of [anonClient(), stranger.client]) {
      const events: MembersEvent[] = [];
      open.push(subscribeMembers(client, { workspaceId: world.workspaceId }, (e) => events.push(e)));
      expect(await status(events)).toEqual({ kind: 'status', status: 'CHANNEL_ERROR' });
    }
  });
});
