/** @module boards/move-column — reorders a column between two neighbours (`move_column` RPC). */
import { type ColumnRow, columnRow } from '@lanes/shared/schemas/board';
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

/** `beforeId` ends up left of the column, `afterId` right of it (null: that end of the board). */
export const moveColumnInput = z.object({ columnId: id, beforeId: id.nullable(), afterId: id.nullable() });
export type MoveColumnResult = ColumnRow;

export async function moveColumn(
  client: LanesClient,
  input: z.input<typeof moveColumnInput>,
): Promise<MoveColumnResult> {
  const { columnId, beforeId, afterId } = parseInput(moveColumnInput, input);
  const row = unwrap(
    await client.rpc('move_column', {
      column_id: columnId,
      before_id: beforeId as string,
      after_id: afterId as string,
    }),
  );
  return parseAnswer(columnRow, row);
}
