import { describe, expect, it } from 'vitest';
import { commentBody } from './comment.ts';

describe('comment', () => {
  it('is trimmed, 1 to 5,000', () => {
    expect(commentBody.parse('  hi ')).toBe('hi');
    expect(commentBody.safeParse('a'.repeat(5000)).success).toBe(true);
    expect(commentBody.safeParse('a'.repeat(5001)).success).toBe(false);
    expect(commentBody.safeParse('\n\t ').success).toBe(false);
  });
});
