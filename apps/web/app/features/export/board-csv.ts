/**
 * @module features/export/board-csv — a board's tasks as CSV for spreadsheets: one row per task under a header
 * row, RFC 4180 quoting with CRLF line ends, a UTF-8 byte order mark so Excel reads accents, and text cells that
 * a spreadsheet would run as a formula (= + - @, tab, carriage return first) prefixed with a quote (decision 188).
 */
import type { BoardExport, ExportedTask } from '@lanes/data/boards/export-board';

const HEADER = [
  'Number',
  'Title',
  'Column',
  'Labels',
  'Assignee',
  'Due date',
  'Priority',
  'Completed at',
  'Archived at',
  'Description',
  'Checklist done',
  'Checklist total',
  'Comments',
  'Created at',
  'Updated at',
] as const;

function row(task: ExportedTask): (string | number)[] {
  return [
    task.number,
    task.title,
    task.column,
    task.labels.join(', '),
    task.assignee ?? '',
    task.dueOn ?? '',
    task.priority,
    task.completedAt ?? '',
    task.archivedAt ?? '',
    task.description,
    task.checklist.filter((item) => item.done).length,
    task.checklist.length,
    task.comments.length,
    task.createdAt,
    task.updatedAt,
  ];
}

/** One cell: numbers as they are; text defused, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function boardCsv(data: BoardExport): string {
  const lines = [HEADER, ...data.tasks.map(row)].map((cells) => cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
