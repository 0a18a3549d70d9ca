/**
 * @module features/task-panel/activity-wording — one activity row as the words after its actor's name ("renamed
 * this from “Old” to “New”"), from what the row's trigger stored (decision 193). Dates are US English without
 * `Intl` (decision 129), the same on the server and after hydration.
 */
import type { ActivityEntry } from '@lanes/data/activity/list-task-activity';
import { formatDay, isoDay } from '#app/lib/time-format.ts';

/** Titles and item texts longer than this are cut with an ellipsis: the line says what changed, not all of it. */
const SHORT = 48;

/** The words for one row; `columns` names column ids, `todayIso` decides whether a date needs its year. */
export function describeActivity(
  entry: Pick<ActivityEntry, 'kind' | 'data'>,
  columns: Record<string, string>,
  todayIso: string = isoDay(new Date(), 'UTC'),
): string {
  const { data } = entry;
  const column = (id: unknown) => (typeof id === 'string' && columns[id]) || 'another column';
  const date = (value: unknown) => dueDate(value, todayIso);
  switch (entry.kind) {
    case 'task_created':
      return 'created this task';
    case 'task_moved':
      // To another board (decision 198): the row names both boards, since this board cannot name the old column.
      if (typeof data.from_board_name === 'string' && typeof data.to_board_name === 'string')
        return boardMove(data.from_board_name, data.to_board_name, data);
      return `moved it from ${column(data.from_column_id)} to ${column(data.to_column_id)}`;
    case 'task_completed':
      return 'completed it';
    case 'task_reopened':
      return 'reopened it';
    case 'task_archived':
      return 'archived it';
    case 'task_restored':
      return 'restored it';
    case 'comment_added':
      return 'commented';
    case 'attachment_added':
      return typeof data.file_name === 'string' ? `attached ${data.file_name}` : 'attached a file';
    case 'task_renamed':
      return typeof data.from === 'string' && typeof data.to === 'string'
        ? `renamed this from ${quote(data.from)} to ${quote(data.to)}`
        : 'renamed this';
    case 'description_edited':
      return 'edited the description';
    case 'assignee_changed':
      if (data.to === null || data.to === undefined) return 'unassigned it';
      return typeof data.to_name === 'string' ? `assigned it to ${data.to_name}` : 'changed the assignee';
    case 'due_date_changed':
      if (!date(data.to)) return 'cleared the due date';
      return date(data.from)
        ? `changed the due date from ${date(data.from)} to ${date(data.to)}`
        : `set the due date to ${date(data.to)}`;
    case 'priority_changed':
      if (data.to === 'none' || typeof data.to !== 'string') return 'cleared the priority';
      return `set the priority to ${priority(data.to)}`;
    case 'label_added':
      return typeof data.name === 'string' ? `added label ${data.name}` : 'added a label';
    case 'label_removed':
      return typeof data.name === 'string' ? `removed label ${data.name}` : 'removed a label';
    case 'checklist_item_added':
      return typeof data.body === 'string'
        ? `added ${quote(data.body)} to ${checklistName(data.checklist)}`
        : 'added a checklist item';
    case 'checklist_item_checked':
      return typeof data.body === 'string' ? `checked off ${quote(data.body)}` : 'checked off an item';
    case 'checklist_item_unchecked':
      return typeof data.body === 'string' ? `unchecked ${quote(data.body)}` : 'unchecked an item';
    case 'checklist_item_renamed':
      return typeof data.from === 'string' && typeof data.to === 'string'
        ? `reworded ${quote(data.from)} to ${quote(data.to)}`
        : 'reworded a checklist item';
    case 'checklist_item_removed':
      return typeof data.body === 'string'
        ? `removed ${quote(data.body)} from ${checklistName(data.checklist)}`
        : 'removed a checklist item';
    default:
      return entry.kind.replaceAll('_', ' ');
  }
}

/** “Text”, cut to SHORT characters. */
function quote(text: string) {
  const chars = [...text];
  return `“${
    chars.length > SHORT
      ? `${chars
          .slice(0, SHORT - 1)
          .join('')
          .trimEnd()}…`
      : text
  }”`;
}

/** "Dec 3", or "Jan 5, 2027" outside the current year; undefined for anything but `YYYY-MM-DD`. */
function dueDate(value: unknown, todayIso: string) {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return formatDay(value, 'en-US', todayIso);
}

/** "moved it from board “Launch” (#3) to “Release”, Backlog, as #1": the number changes with the board. */
function boardMove(from: string, to: string, data: Record<string, unknown>) {
  const was = typeof data.from_number === 'number' ? ` (#${data.from_number})` : '';
  const column = typeof data.to_column_name === 'string' ? `, ${data.to_column_name}` : '';
  const now = typeof data.to_number === 'number' ? `, as #${data.to_number}` : '';
  return `moved it from board ${quote(from)}${was} to ${quote(to)}${column}${now}`;
}

/** "High", as the priority menu names it. */
function priority(value: string) {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** "the checklist" for the default one, "the Launch checklist" for a named one. */
function checklistName(name: unknown) {
  return typeof name === 'string' && name !== 'Checklist' ? `the ${name} checklist` : 'the checklist';
}
