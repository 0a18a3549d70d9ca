/**
 * @module realtime/subscribe-members — the settings screen follows a workspace's memberships live: someone
 * joins (accepts an invitation), leaves, is removed or changes role.
 */
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { channelKeys } from './keys.ts';

export const subscribeMembersInput = z.object({ workspaceId: id });

export type MembersEvent =
  /** Memberships changed: refetch the list (events carry no profile, and deletes only the key). */
  { kind: 'changed' } | { kind: 'status'; status: 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR' };

export interface MembersSubscription {
  unsubscribe(): Promise<void>;
}

/**
 * Row changes only, so a public channel: table RLS decides who gets inserts and updates. A delete's old
 * primary key includes `workspace_id`, so the filter holds for it too.
 */
export function subscribeMembers(
  client: LanesClient,
  input: z.input<typeof subscribeMembersInput>,
  onEvent: (event: MembersEvent) => void,
): MembersSubscription {
  const { workspaceId } = subscribeMembersInput.parse(input);
  const channel = client.channel(channelKeys.members(workspaceId));
  channel.on(
    'postgres_changes',
    { event: '*', schema: 'public', table: 'workspace_members', filter: `workspace_id=eq.${workspaceId}` },
    () => onEvent({ kind: 'changed' }),
  );
  channel.subscribe((status) => onEvent({ kind: 'status', status }));
  return { unsubscribe: async () => void (await client.removeChannel(channel)) };
}
