/** @module boards/create-board — creates a board (members and up); LIMIT_REACHED after 50 per workspace. */
import { type BoardRow, boardRow, createBoardInput } from '@lanes/shared/schemas/board';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { createBoardInput };
export type CreateBoardResult = BoardRow;

export async function createBoard(
  client: LanesClient,
  input: z.input<typeof createBoardInput>,
): Promise<CreateBoardResult> {
  const { workspaceId, name, description } = parseInput(createBoardInput, input);
  const row = unwrap(
    await client
      .from('boards')
      .insert({ workspace_id: workspaceId, name, description: description ?? '' })
      .select()
      .single(),
  );
  return parseAnswer(boardRow, row);
}
