/**
 * @module invitations/get-invitation-budget — invitation emails a workspace may still send this hour (SPEC §9),
 * and when the next one is possible once none are left: the cool-down the settings screen shows.
 */
import { id, timestamp } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const getInvitationBudgetInput = z.object({ workspaceId: id });
const answer = z.array(z.object({ remaining: z.number().int(), next_at: timestamp.nullable() })).length(1);
export interface GetInvitationBudgetResult {
  remaining: number;
  /** When `remaining` is 0: the moment the oldest email of the hour stops counting. */
  nextAt: string | null;
}

/** Admins and owners see their workspace's budget; anyone else sees a full one (the function hides it). */
export async function getInvitationBudget(
  client: LanesClient,
  input: z.input<typeof getInvitationBudgetInput>,
  signal?: AbortSignal,
): Promise<GetInvitationBudgetResult> {
  const { workspaceId } = parseInput(getInvitationBudgetInput, input);
  const request = client.rpc('invitation_email_budget', { workspace_id: workspaceId });
  const [row] = parseAnswer(answer, unwrap(await abortable(request, signal)));
  return { remaining: row!.remaining, nextAt: row!.next_at };
}
