/**
 * @module members/list-member-emails — the sign-in email of each member of a workspace (they live in
 * auth.users, which only the `workspace_member_emails` function reads for fellow members).
 */
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const listMemberEmailsInput = z.object({ workspaceId: id });
const answer = z.array(z.object({ user_id: id, email: z.string() }));
/** user id → email; empty for a caller who is not a member. */
export type ListMemberEmailsResult = Map<string, string>;

/**
 * @example const emails = await listMemberEmails(client, { workspaceId });
 *          emails.get(member.user_id); // 'bo@example.com'
 */
export async function listMemberEmails(
  client: LanesClient,
  input: z.input<typeof listMemberEmailsInput>,
  signal?: AbortSignal,
): Promise<ListMemberEmailsResult> {
  const { workspaceId } = parseInput(listMemberEmailsInput, input);
  const request = client.rpc('workspace_member_emails', { workspace_id: workspaceId });
  const rows = parseAnswer(answer, unwrap(await abortable(request, signal)));
  return new Map(rows.map((row) => [row.user_id, row.email]));
}
