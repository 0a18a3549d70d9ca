import { afterEach, describe, expect, it } from 'vitest';
import { createWorld } from '../../tests/world.ts';
import { changeMemberRole } from '../members/change-member-role.ts';
import { leaveWorkspace } from '../members/leave-workspace.ts';
import { type MembersEvent, type MembersSubscription, subscribeMembers } from './subscribe-members.ts';

const open: MembersSubscription[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.unsubscribe()));
});

/** Resolves once `count` change events have arrived. */
function changes(events: MembersEvent[], count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (events.filter((e) => e.kind === 'changed').length >= count) resolve();
      else setTimeout(check, 20);
    };
    check();
  });
}

describe('subscribeMembers', () => {
  it('tells an admin when someone joins, changes role and leaves', async () => {
    const world = await createWorld();
    const events: MembersEvent[] = [];
    open.push(
      subscribeMembers(world.owner.client, { workspaceId: world.workspaceId }, (e) => events.push(e)),
    );
    await new Promise<void>((resolve) => {
      const check = () =>
        events.some((e) => e.kind === 'status' && e.status === 'SUBSCRIBED')
          ? resolve()
          : setTimeout(check, 20);
      check();
    });

    const bo = await world.join('member', 'Bo');
    await changes(events, 1);
    await changeMemberRole(world.owner.client, {
      workspaceId: world.workspaceId,
      userId: bo.id,
      role: 'viewer',
    });
    await changes(events, 2);
    await leaveWorkspace(bo.client, { workspaceId: world.workspaceId });
    await changes(events, 3);
    expect(events.filter((e) => e.kind === 'changed')).toHaveLength(3);
  });
});
