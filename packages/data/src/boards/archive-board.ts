/** @module boards/archive-board — archives or restores a board (admins and owners). */
import { type BoardRow, boardRow } from '@lanes/shared/schemas/board';
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const archiveBoardInput = z.object({ boardId: id, archived: z.boolean().default(true) });
export type ArchiveBoardResult = BoardRow;

/** FORBIDDEN for members (they may edit the board, not archive it). */
export async function archiveBoard(
  client: LanesClient,
  input: z.input<typeof archiveBoardInput>,
): Promise<ArchiveBoardResult> {
  const { boardId, archived } = parseInput(archiveBoardInput, input);
  const rows = unwrap(
    await client
      .from('boards')
      .update({ archived_at: archived ? new Date().toISOString() : null })
      .eq('id', boardId)
      .select(),
  );
  return parseAnswer(boardRow, oneRow(rows));
}
