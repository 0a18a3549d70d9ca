/**
 * @module boards/export-board — everything on a board, archived cards included, for a download (CSV or JSON):
 * its columns, labels, and each task with its labels, checklist items and comments, in ONE request.
 */
import { LanesError } from '@lanes/shared/errors';
import { boardRow, columnRow, labelRow } from '@lanes/shared/schemas/board';
import { id, timestamp } from '@lanes/shared/schemas/fields';
import { taskRow } from '@lanes/shared/schemas/task';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const exportBoardInput = z.object({ boardId: id });

const person = z.object({ display_name: z.string() }).nullable();
const answer = boardRow.extend({
  columns: z.array(columnRow),
  labels: z.array(labelRow),
  tasks: z.array(
    taskRow.extend({
      assignee: person,
      task_labels: z.array(z.object({ label_id: id })),
      checklist_items: z.array(
        z.object({ checklist: z.string(), body: z.string(), done: z.boolean(), position: z.string() }),
      ),
      comments: z.array(
        z.object({
          body: z.string(),
          created_at: timestamp,
          edited_at: timestamp.nullable(),
          author: person,
        }),
      ),
    }),
  ),
});

export interface ExportedTask {
  number: number;
  title: string;
  description: string;
  column: string;
  labels: string[];
  assignee: string | null;
  dueOn: string | null;
  priority: string;
  completedAt: string | null;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
  checklist: { checklist: string; body: string; done: boolean }[];
  comments: { author: string | null; body: string; createdAt: string; editedAt: string | null }[];
}

export interface BoardExport {
  board: {
    id: string;
    workspaceId: string;
    name: string;
    description: string;
    archivedAt: string | null;
    createdAt: string;
  };
  columns: { name: string; isDone: boolean; wipLimit: number | null }[];
  labels: { name: string; color: string }[];
  /** In board order: by column, then by place in the column. */
  tasks: ExportedTask[];
}

const SELECT = `*, columns(*), labels(*),
  tasks(*, assignee:profiles!tasks_assignee_id_fkey(display_name), task_labels(label_id),
    checklist_items(checklist, body, done, position),
    comments(body, created_at, edited_at, author:profiles!comments_author_id_fkey(display_name)))`;

/** NOT_FOUND for a board the caller cannot see. Deleted comments are left out. */
export async function exportBoard(
  client: LanesClient,
  input: z.input<typeof exportBoardInput>,
): Promise<BoardExport> {
  const { boardId } = parseInput(exportBoardInput, input);
  const row = unwrap(
    await client
      .from('boards')
      .select(SELECT)
      .eq('id', boardId)
      .is('tasks.comments.deleted_at', null)
      .order('position', { referencedTable: 'columns' })
      .order('position', { referencedTable: 'tasks' })
      .order('name', { referencedTable: 'labels' })
      .order('checklist', { referencedTable: 'tasks.checklist_items' })
      .order('position', { referencedTable: 'tasks.checklist_items' })
      .order('created_at', { referencedTable: 'tasks.comments' })
      .maybeSingle(),
  );
  if (!row) throw new LanesError('NOT_FOUND');
  const board = parseAnswer(answer, row);
  const columnOrder = new Map(board.columns.map((column, index) => [column.id, index]));
  const columnName = new Map(board.columns.map((column) => [column.id, column.name]));
  const labelName = new Map(board.labels.map((label) => [label.id, label.name]));
  const tasks = [...board.tasks].sort(
    (a, b) => (columnOrder.get(a.column_id) ?? 0) - (columnOrder.get(b.column_id) ?? 0),
  );
  return {
    board: {
      id: board.id,
      workspaceId: board.workspace_id,
      name: board.name,
      description: board.description,
      archivedAt: board.archived_at,
      createdAt: board.created_at,
    },
    columns: board.columns.map((c) => ({ name: c.name, isDone: c.is_done, wipLimit: c.wip_limit })),
    labels: board.labels.map((l) => ({ name: l.name, color: l.color })),
    tasks: tasks.map((task) => ({
      number: task.number,
      title: task.title,
      description: task.description,
      column: columnName.get(task.column_id) ?? '',
      labels: task.task_labels.flatMap((l) => labelName.get(l.label_id) ?? []).sort(),
      assignee: task.assignee?.display_name ?? null,
      dueOn: task.due_on,
      priority: task.priority,
      completedAt: task.completed_at,
      archivedAt: task.archived_at,
      createdAt: task.created_at,
      updatedAt: task.updated_at,
      checklist: task.checklist_items.map(({ checklist, body, done }) => ({ checklist, body, done })),
      comments: task.comments.map((c) => ({
        author: c.author?.display_name ?? null,
        body: c.body,
        createdAt: c.created_at,
        editedAt: c.edited_at,
      })),
    })),
  };
}
