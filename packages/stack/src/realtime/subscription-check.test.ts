import { describe, expect, it } from 'vitest';
import { likePattern } from './subscription-check.ts';

describe('likePattern', () => {
  it('matches as SQL LIKE without an escape character', () => {
    expect(likePattern('tasks').test('tasks')).toBe(true);
    expect(likePattern('tasks').test('tasks2')).toBe(false);
    expect(likePattern('task%').test('task_labels')).toBe(true);
    expect(likePattern('task_').test('tasks')).toBe(true);
    expect(likePattern('task_').test('task')).toBe(false);
    // Everything else is literal, regular-expression characters included; matching is case-sensitive.
    expect(likePattern('a.b').test('axb')).toBe(false);
    expect(likePattern('pub*').test('public')).toBe(false);
    expect(likePattern('Tasks').test('tasks')).toBe(false);
  });

  it("reads '*' as every name, as the server does", () => {
    expect(likePattern('*').test('anything_at_all')).toBe(true);
  });
});
