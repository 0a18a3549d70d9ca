import { describe, expect, it } from 'vitest';
import {
  boardDescription,
  boardName,
  columnName,
  createLabelInput,
  labelName,
  updateColumnInput,
  wipLimit,
} from './board.ts';

describe('board', () => {
  it('name is 1 to 80 characters', () => {
    expect(boardName.safeParse('a'.repeat(80)).success).toBe(true);
    expect(boardName.safeParse('a'.repeat(81)).success).toBe(false);
    expect(boardName.safeParse('').success).toBe(false);
  });
  it('description is at most 2,000 characters', () => {
    expect(boardDescription.safeParse('a'.repeat(2000)).success).toBe(true);
    expect(boardDescription.safeParse('a'.repeat(2001)).success).toBe(false);
  });
});

describe('column', () => {
  it('name is 1 to 40 characters', () => {
    expect(columnName.safeParse('a'.repeat(40)).success).toBe(true);
    expect(columnName.safeParse('a'.repeat(41)).success).toBe(false);
  });
  it('WIP limit is 1 to 999 or none', () => {
    expect(wipLimit.safeParse(null).success).toBe(true);
    expect(wipLimit.safeParse(1).success).toBe(true);
    expect(wipLimit.safeParse(999).success).toBe(true);
    expect(wipLimit.safeParse(0).success).toBe(false);
    expect(wipLimit.safeParse(1000).success).toBe(false);
    expect(wipLimit.safeParse(2.5).success).toBe(false);
  });
});

describe('label', () => {
  it('name is 1 to 24 characters', () => {
    expect(labelName.safeParse('a'.repeat(24)).success).toBe(true);
    expect(labelName.safeParse('a'.repeat(25)).success).toBe(false);
  });
  it('colour comes from the palette', () => {
    const boardId = crypto.randomUUID();
    expect(createLabelInput.safeParse({ boardId, name: 'Bug', color: 'teal' }).success).toBe(true);
    expect(createLabelInput.safeParse({ boardId, name: 'Bug', color: 'pink' }).success).toBe(false);
  });
});

describe('column update', () => {
  it('may clear the WIP limit but not set it to zero', () => {
    const columnId = crypto.randomUUID();
    expect(updateColumnInput.safeParse({ columnId, wipLimit: null }).success).toBe(true);
    expect(updateColumnInput.safeParse({ columnId, wipLimit: 0 }).success).toBe(false);
  });
});
