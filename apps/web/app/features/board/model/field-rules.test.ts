import { columnName, labelName, wipLimit } from '@lanes/shared/schemas/board';
import { taskTitle } from '@lanes/shared/schemas/task';
import { describe, expect, it } from 'vitest';
import { checkName, parseWipLimit, RULES } from './field-rules.ts';

describe('field rules', () => {
  it('agree with the shared schemas at their limits', () => {
    for (const [schema, max] of [
      [taskTitle, RULES.taskTitle.max],
      [columnName, RULES.columnName.max],
      [labelName, RULES.labelName.max],
    ] as const) {
      expect(schema.safeParse('a'.repeat(max)).success).toBe(true);
      expect(schema.safeParse('a'.repeat(max + 1)).success).toBe(false);
      expect(checkName('a'.repeat(max), max)).toBeNull();
      expect(checkName('a'.repeat(max + 1), max)).toMatch(/At most/);
    }
    expect(wipLimit.safeParse(RULES.wipLimit.max).success).toBe(true);
    expect(wipLimit.safeParse(RULES.wipLimit.max + 1).success).toBe(false);
    expect(wipLimit.safeParse(RULES.wipLimit.min - 1).success).toBe(false);
  });

  it('reads a WIP limit: empty clears it, anything but 1 to 999 is refused', () => {
    expect(parseWipLimit(' ')).toEqual({ value: null });
    expect(parseWipLimit('5')).toEqual({ value: 5 });
    for (const bad of ['0', '1000', '2.5', 'five']) expect(parseWipLimit(bad)).toHaveProperty('error');
  });
});
