/**
 * @module features/task-panel/panel-model — the open task as the panel holds it: the task row with its label
 * ids, the board's labels, the workspace's people, comments, attachments, checklist items and activity; and one pure reducer
 * for what changes it (a fresh server copy, rows arriving live).
 */
import type { ActivityEntry } from '@lanes/data/activity/list-task-activity';
import type { Role } from '@lanes/shared/constants';
import type { AttachmentRow } from '@lanes/shared/schemas/attachment';
import type { LabelRow } from '@lanes/shared/schemas/board';
import type { ChecklistItemRow } from '@lanes/shared/schemas/checklist';
import type { CommentRow } from '@lanes/shared/schemas/comment';
import type { ProfileSummary } from '@lanes/shared/schemas/profile';
import type { TaskRow } from '@lanes/shared/schemas/task';

export type PanelTask = TaskRow & { labelIds: string[] };

export interface Person {
  id: string;
  name: string;
  avatarPath: string | null;
  role: Role;
}

/** A comment with its author's profile (null once the account is gone). */
/** `rendered`: the body as Markdown HTML from the server (decision 183), while the body is still its `source`. */
export type PanelComment = CommentRow & {
  author: ProfileSummary | null;
  rendered?: { source: string; html: string };
};

export interface PanelModel {
  task: PanelTask;
  labels: LabelRow[];
  people: Person[];
  comments: PanelComment[];
  attachments: AttachmentRow[];
  /** Every item of every checklist, by position (decision 184). */
  checklist: ChecklistItemRow[];
  activity: ActivityEntry[];
}

export type PanelAction =
  | { type: 'reset'; model: PanelModel }
  | { type: 'task-row'; row: TaskRow }
  | { type: 'comment-row'; row: CommentRow }
  | { type: 'attachment-row'; row: AttachmentRow }
  | { type: 'attachment-gone'; id: string }
  | { type: 'checklist-row'; row: ChecklistItemRow };

export function panelReducer(model: PanelModel, action: PanelAction): PanelModel {
  switch (action.type) {
    case 'reset':
      return action.model;
    case 'task-row': {
      // An echo older than what we hold (our own save's answer arrived first) changes nothing.
      const older = Date.parse(action.row.updated_at) < Date.parse(model.task.updated_at);
      if (action.row.id !== model.task.id || older) return model;
      return { ...model, task: { ...action.row, labelIds: model.task.labelIds } };
    }
    case 'comment-row': {
      if (action.row.task_id !== model.task.id) return model;
      const known = model.comments.find((c) => c.id === action.row.id);
      const others = model.comments.filter((c) => c !== known);
      // A live row carries no profile: keep the one we had, or take it from the workspace's people.
      const author = known?.author ?? authorOf(model, action.row.author_id);
      const comments = [...others, { ...action.row, author }].sort((a, b) =>
        a.created_at === b.created_at ? a.id.localeCompare(b.id) : a.created_at < b.created_at ? -1 : 1,
      );
      return { ...model, comments };
    }
    case 'attachment-row': {
      if (action.row.task_id !== model.task.id) return model;
      const others = model.attachments.filter((a) => a.id !== action.row.id);
      // Newest first, as listAttachments answers.
      return { ...model, attachments: [action.row, ...others] };
    }
    case 'attachment-gone':
      return { ...model, attachments: model.attachments.filter((a) => a.id !== action.id) };
    case 'checklist-row': {
      if (action.row.task_id !== model.task.id) return model;
      const known = model.checklist.find((i) => i.id === action.row.id);
      // An echo older than the row we hold changes nothing (as for the task row).
      if (known && Date.parse(known.updated_at) > Date.parse(action.row.updated_at)) return model;
      const others = model.checklist.filter((i) => i !== known);
      return { ...model, checklist: [...others, action.row].sort(byPosition) };
    }
  }
}

/** The database's order: position keys compare as bytes (collation "C"), not by locale. */
function byPosition(a: { position: string }, b: { position: string }) {
  return a.position < b.position ? -1 : a.position > b.position ? 1 : 0;
}

function authorOf(model: PanelModel, userId: string | null): ProfileSummary | null {
  const person = model.people.find((p) => p.id === userId);
  return person ? { id: person.id, display_name: person.name, avatar_path: person.avatarPath } : null;
}
