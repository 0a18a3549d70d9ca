import { describe, expect, it } from 'vitest';
import { createTaskInput, moveTaskInput, taskDescription, taskTitle } from './task.ts';

const boardId = crypto.randomUUID();
const columnId = crypto.randomUUID();

describe('task', () => {
  it('title is trimmed, 1 to 200', () => {
    expect(taskTitle.parse('  Fix login ')).toBe('Fix login');
    expect(taskTitle.safeParse('a'.repeat(200)).success).toBe(true);
    expect(taskTitle.safeParse('a'.repeat(201)).success).toBe(false);
    expect(taskTitle.safeParse('  ').success).toBe(false);
  });
  it('description is at most 20,000', () => {
    expect(taskDescription.safeParse('a'.repeat(20_000)).success).toBe(true);
    expect(taskDescription.safeParse('a'.repeat(20_001)).success).toBe(false);
  });
  it('create input checks priority and due date', () => {
    expect(
      createTaskInput.safeParse({ boardId, columnId, title: 'x', priority: 'urgent', dueOn: '2030-01-01' })
        .success,
    ).toBe(true);
    expect(createTaskInput.safeParse({ boardId, columnId, title: 'x', priority: 'asap' }).success).toBe(
      false,
    );
    expect(createTaskInput.safeParse({ boardId, columnId, title: 'x', dueOn: '2101-01-01' }).success).toBe(
      false,
    );
  });
  it('move input takes nullable neighbours', () => {
    expect(
      moveTaskInput.safeParse({ taskId: boardId, columnId, beforeId: null, afterId: null }).success,
    ).toBe(true);
    expect(moveTaskInput.safeParse({ taskId: boardId, columnId }).success).toBe(false);
  });
});
