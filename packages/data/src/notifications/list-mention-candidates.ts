/**
 * @module notifications/list-mention-candidates — the people a comment or description can mention: the
 * workspace's members with their name, avatar and handle (the local part of their email, SPEC §10).
 */
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const listMentionCandidatesInput = z.object({ workspaceId: id });

const emails = z.array(z.object({ user_id: id, email: z.string() }));
const profiles = z.array(
  z.object({
    user_id: id,
    profile: z.object({ display_name: z.string(), avatar_path: z.string().nullable() }).nullable(),
  }),
);

export interface MentionCandidate {
  userId: string;
  name: string;
  avatarPath: string | null;
  /** What `@` followed by it resolves to in the database (decision 073), e.g. `bob` for bob@acme.com. */
  handle: string;
}

/**
 * Emails live in auth.users, which only `workspace_member_emails` reads for fellow members; both reads run
 * at once. A caller who is not a member gets an empty list.
 * @example const people = await listMentionCandidates(client, { workspaceId })
 */
export async function listMentionCandidates(
  client: LanesClient,
  input: z.input<typeof listMentionCandidatesInput>,
  signal?: AbortSignal,
): Promise<MentionCandidate[]> {
  const { workspaceId } = parseInput(listMentionCandidatesInput, input);
  const emailQuery = client.rpc('workspace_member_emails', { workspace_id: workspaceId });
  const profileQuery = client
    .from('workspace_members')
    .select('user_id, profile:profiles(display_name, avatar_path)')
    .eq('workspace_id', workspaceId);
  const [emailAnswer, profileAnswer] = await Promise.all([
    abortable(emailQuery, signal),
    abortable(profileQuery, signal),
  ]);
  const byUser = new Map(parseAnswer(emails, unwrap(emailAnswer)).map((row) => [row.user_id, row.email]));
  return parseAnswer(profiles, unwrap(profileAnswer)).flatMap((row) => {
    const email = byUser.get(row.user_id);
    if (!email) return [];
    return [
      {
        userId: row.user_id,
        name: row.profile?.display_name ?? email.split('@')[0]!,
        avatarPath: row.profile?.avatar_path ?? null,
        handle: email.split('@')[0]!,
      },
    ];
  });
}
