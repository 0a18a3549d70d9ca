/**
 * @module features/board/model/field-rules — SPEC §5's rules for what the board edits inline (task title, column
 * name and WIP limit, label name), checked before anything is shown or sent. They mirror the zod schemas of
 * `@lanes/shared/schemas` (which the data layer applies again, and the database after it); zod itself stays out
 * of the JavaScript the board needs for its first paint. `field-rules.test.ts` holds the two in step.
 */

export const RULES = {
  taskTitle: { max: 200 },
  columnName: { max: 40 },
  labelName: { max: 24 },
  wipLimit: { min: 1, max: 999 },
} as const;

/** The message for a trimmed name that breaks its length rule, or null when it is fine. */
export function checkName(value: string, max: number): string | null {
  if (value.length === 0) return 'Type a name first.';
  if (value.length > max) return `At most ${max} characters (this one has ${value.length}).`;
  return null;
}

/** A WIP limit typed into a field: empty clears it. */
export function parseWipLimit(raw: string): { value: number | null } | { error: string } {
  const text = raw.trim();
  if (text === '') return { value: null };
  const n = Number(text);
  const { min, max } = RULES.wipLimit;
  if (!Number.isInteger(n) || n < min || n > max)
    return { error: `A whole number from ${min} to ${max}, or empty for none.` };
  return { value: n };
}
