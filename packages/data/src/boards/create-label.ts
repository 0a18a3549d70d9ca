/** @module boards/create-label — adds a label to a board; LIMIT_REACHED after 30. */
import { createLabelInput, type LabelRow, labelRow } from '@lanes/shared/schemas/board';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { createLabelInput };
export type CreateLabelResult = LabelRow;

export async function createLabel(client: LanesClient, input: unknown): Promise<CreateLabelResult> {
  const { boardId, name, color } = parseInput(createLabelInput, input);
  const row = unwrap(
    await client.from('labels').insert({ board_id: boardId, name, color }).select().single(),
  );
  return parseAnswer(labelRow, row);
}
