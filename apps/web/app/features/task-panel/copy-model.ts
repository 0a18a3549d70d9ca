/**
 * @module features/task-panel/copy-model — the panel's model made from the board's copy of a task, for a card
 * opened while offline (decision 203). What the board does not hold (the description, comments, files,
 * checklist items, activity) is left empty; the copy panel says so instead of showing it as empty.
 */
import type { LabelRow } from '@lanes/shared/schemas/board';
import { byNameField } from '#app/lib/names.ts';
import type { BoardTaskCopy } from '#app/lib/task-writes.ts';
import type { PanelModel } from './panel-model.ts';

export function modelFromCopy(copy: BoardTaskCopy): PanelModel {
  const { task } = copy;
  return {
    task: {
      id: task.id,
      board_id: task.boardId,
      column_id: task.columnId,
      number: task.number,
      title: task.title,
      description: '',
      position: '',
      assignee_id: task.assigneeId,
      due_on: task.dueOn,
      priority: task.priority as PanelModel['task']['priority'],
      completed_at: task.done ? task.updatedAt : null,
      archived_at: null,
      created_by: null,
      created_at: task.updatedAt,
      updated_at: task.updatedAt,
      comment_count: task.comments,
      attachment_count: task.attachments,
      checklist_total: task.checklist.total,
      checklist_done: task.checklist.done,
      cover_attachment_id: null,
      labelIds: task.labelIds,
    },
    labels: copy.labels.map((l) => ({
      id: l.id,
      board_id: task.boardId,
      name: l.name,
      color: l.color as LabelRow['color'],
      created_at: task.updatedAt,
    })),
    // A viewer is offered only while assigned (`assignable`); someone the board knows only as an assignee has
    // no role here and counts as a member.
    people: copy.people.map((p) => ({ ...p, role: p.role ?? ('member' as const) })).sort(byNameField),
    comments: [],
    attachments: [],
    checklist: [],
    activity: [],
  };
}

/** What the copy cannot show, in words: "3 comments and 1 file", or nothing when there is none of either. */
export function notShown(task: BoardTaskCopy['task']): string {
  const parts = [
    task.comments > 0 ? `${task.comments} ${task.comments === 1 ? 'comment' : 'comments'}` : null,
    task.attachments > 0 ? `${task.attachments} ${task.attachments === 1 ? 'file' : 'files'}` : null,
  ].filter(Boolean);
  return parts.join(' and ');
}
