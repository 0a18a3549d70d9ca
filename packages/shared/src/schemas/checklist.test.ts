import { describe, expect, it } from 'vitest';
import { addChecklistItemInput, checklistItemBody, updateChecklistItemInput } from './checklist.ts';

const taskId = '00000000-0000-4000-8000-000000000001';

describe('checklist', () => {
  it('an item body is a title: trimmed, 1 to 200', () => {
    expect(checklistItemBody.parse('  Buy milk ')).toBe('Buy milk');
    expect(checklistItemBody.safeParse('a'.repeat(200)).success).toBe(true);
    expect(checklistItemBody.safeParse('a'.repeat(201)).success).toBe(false);
    expect(checklistItemBody.safeParse(' \n ').success).toBe(false);
  });

  it('an add needs a task and a body; the checklist name is optional', () => {
    expect(addChecklistItemInput.parse({ taskId, body: 'x' })).toEqual({ taskId, body: 'x' });
    expect(addChecklistItemInput.safeParse({ taskId, body: 'x', checklist: ' ' }).success).toBe(false);
  });

  it('an update must change something', () => {
    expect(updateChecklistItemInput.safeParse({ itemId: taskId }).success).toBe(false);
    expect(updateChecklistItemInput.safeParse({ itemId: taskId, done: true }).success).toBe(true);
  });
});
