/**
 * @module features/board/sync/board-copy — what the board holds of one task, handed to the task panel so a card
 * still opens while offline (decision 203): the card's fields and counts, the board's labels, and the people: the
 * workspace's members as read once the board was live, and anyone else the board knows (its assignees, the
 * reader).
 */
import type { BoardTaskCopy } from '#app/lib/task-writes.ts';
import type { BoardModel } from '../model/board-model.ts';

export function boardCopy(
  model: BoardModel,
  taskId: string,
  boardId: string,
  me: string,
  members: BoardTaskCopy['people'] = [],
): BoardTaskCopy | null {
  const task = model.tasks.find((t) => t.id === taskId);
  // A card still waiting for its create has no place on the server: nothing there to read later either.
  if (!task || task.pending) return null;
  // An assignee who has left the workspace since is still shown by name; only members carry a role.
  const known = new Set(members.map((m) => m.id));
  const people = [
    ...members,
    ...Object.entries(model.profiles)
      .filter(([id]) => !known.has(id))
      .map(([id, p]) => ({ id, name: p.name, avatarPath: p.avatarPath })),
  ];
  return {
    task: {
      id: task.id,
      boardId,
      number: task.number,
      title: task.title,
      columnId: task.columnId,
      assigneeId: task.assigneeId,
      dueOn: task.dueOn,
      priority: task.priority,
      labelIds: task.labelIds,
      updatedAt: task.updatedAt,
      done: task.done === true,
      comments: task.comments ?? 0,
      attachments: task.attachments ?? 0,
      checklist: task.checklist ?? { done: 0, total: 0 },
    },
    labels: model.labels.map(({ id, name, color }) => ({ id, name, color })),
    people,
    me,
  };
}
