/** @module boards/create-label — adds a label to a board; LIMIT_REACHED after 30. */
import { createLabelInput, type LabelRow, labelRow } from '@lanes/shared/schemas/board';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput } from '../internal/checks.ts';
import { insertOnce } from '../internal/insert-once.ts';

export { createLabelInput };
export type CreateLabelResult = LabelRow;

/** With an `id` of the caller's choosing, a replayed create answers with the label stored the first time. */
export async function createLabel(
  client: LanesClient,
  input: z.input<typeof createLabelInput>,
): Promise<CreateLabelResult> {
  const { boardId, name, color, ...chosen } = parseInput(createLabelInput, input);
  const id = chosen.id ?? crypto.randomUUID();
  const row = await insertOnce(
    'labels',
    () => client.from('labels').insert({ id, board_id: boardId, name, color }).select().single(),
    () => client.from('labels').select().eq('id', id).eq('board_id', boardId).maybeSingle(),
  );
  return parseAnswer(labelRow, row);
}
