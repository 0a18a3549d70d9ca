/**
 * @module boards/list-move-targets — where a card can be moved: the workspace's boards that are not archived,
 * each with its columns in board order, in one request (the card menu's "Move to…" reads it when it opens).
 */
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const listMoveTargetsInput = z.object({ workspaceId: id });

const target = z.object({
  id,
  name: z.string(),
  columns: z.array(z.object({ id, name: z.string(), position: z.string() })),
});
export type MoveTarget = { id: string; name: string; columns: { id: string; name: string }[] };

/** Keys compare byte-wise, as Postgres does with the `"C"` collation of `position_key`. */
const byPosition = (a: { position: string }, b: { position: string }) =>
  a.position < b.position ? -1 : a.position > b.position ? 1 : 0;

/** Boards by name; a viewer gets them too (the move itself is refused for them). */
export async function listMoveTargets(
  client: LanesClient,
  input: z.input<typeof listMoveTargetsInput>,
): Promise<MoveTarget[]> {
  const { workspaceId } = parseInput(listMoveTargetsInput, input);
  const rows = unwrap(
    await client
      .from('boards')
      .select('id, name, columns(id, name, position)')
      .eq('workspace_id', workspaceId)
      .is('archived_at', null)
      .order('name'),
  );
  return parseAnswer(z.array(target), rows).map((board) => ({
    id: board.id,
    name: board.name,
    columns: board.columns.sort(byPosition).map(({ id, name }) => ({ id, name })),
  }));
}
