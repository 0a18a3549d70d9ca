import { describe, expect, it } from 'vitest';
import { splitMarks } from './highlights.ts';

describe('splitMarks', () => {
  it('splits marked words from plain text', () => {
    expect(splitMarks('Ship \uE000deploy\uE001 now')).toEqual([
      { text: 'Ship ', marked: false },
      { text: 'deploy', marked: true },
      { text: ' now', marked: false },
    ]);
  });

  it('keeps markup as text and survives marks that are unbalanced or empty', () => {
    expect(splitMarks('<b>\uE000x\uE001')).toEqual([
      { text: '<b>', marked: false },
      { text: 'x', marked: true },
    ]);
    expect(splitMarks('\uE001a\uE000\uE001b\uE000c')).toEqual([
      { text: 'a', marked: false },
      { text: 'b', marked: false },
      { text: 'c', marked: true },
    ]);
    expect(splitMarks('')).toEqual([]);
  });
});
