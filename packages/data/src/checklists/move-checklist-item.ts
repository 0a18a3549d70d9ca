/** @module checklists/move-checklist-item — places an item between two neighbours of its checklist (RPC). */
import {
  type ChecklistItemRow,
  checklistItemRow,
  moveChecklistItemInput,
} from '@lanes/shared/schemas/checklist';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { moveChecklistItemInput };
export type MoveChecklistItemResult = ChecklistItemRow;

/**
 * `beforeId` ends up above, `afterId` below (null: that end of the checklist). CONFLICT when a neighbour moved
 * meanwhile: show the list as it is now and let the person move it again.
 * @example await moveChecklistItem(client, { itemId, beforeId: null, afterId: firstItemId }) // to the top
 */
export async function moveChecklistItem(
  client: LanesClient,
  input: z.input<typeof moveChecklistItemInput>,
): Promise<MoveChecklistItemResult> {
  const move = parseInput(moveChecklistItemInput, input);
  const row = unwrap(
    await client.rpc('move_checklist_item', {
      item_id: move.itemId,
      before_id: move.beforeId as string,
      after_id: move.afterId as string,
    }),
  );
  return parseAnswer(checklistItemRow, row);
}
