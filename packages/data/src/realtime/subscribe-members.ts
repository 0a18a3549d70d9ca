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
  /** Memberships changed: refetch the list (the broadcast names only the operation). */
  { kind: 'changed' } | { kind: 'status'; status: 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR' };

export interface MembersSubscription {
  unsubscribe(): Promise<void>;
}

/**
 * A private channel the database broadcasts to (decision 068), not `postgres_changes`: Realtime cannot check
 * a delete against row-level security, and a membership's key is the (workspace, user) pair itself. Realtime
 * admits only the workspace's members, so the client must carry the user's token (`realtime.setAuth`) before
 * joining; anyone else gets `CHANNEL_ERROR`.
 */
export function subscribeMembers(
  client: LanesClient,
  input: z.input<typeof subscribeMembersInput>,
  onEvent: (event: MembersEvent) => void,
): MembersSubscription {
  const { workspaceId } = subscribeMembersInput.parse(input);
  const channel = client.channel(channelKeys.members(workspaceId), { config: { private: true } });
  channel.on('broadcast', { event: 'membership_changed' }, () => onEvent({ kind: 'changed' }));
  channel.subscribe((status) => onEvent({ kind: 'status', status }));
  return { unsubscribe: async () => void (await client.removeChannel(channel)) };
}
