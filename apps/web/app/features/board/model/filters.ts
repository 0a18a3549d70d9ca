/**
 * @module features/board/model/filters — which cards the filter bar lets through: words of the title or `#number`,
 * an assignee (or "nobody"), a label. Kept in the URL's query so a filtered board can be shared.
 */
import { fold } from '#app/lib/names.ts';
import type { Task } from './board-model.ts';

export interface BoardFilter {
  text: string;
  /** A user id, `none` for unassigned, or empty for anyone. */
  assignee: string;
  /** A label id, or empty for any. */
  label: string;
}

export const NO_FILTER: BoardFilter = { text: '', assignee: '', label: '' };

export function readFilter(params: URLSearchParams): BoardFilter {
  return {
    text: params.get('q') ?? '',
    assignee: params.get('assignee') ?? '',
    label: params.get('label') ?? '',
  };
}

export function isFiltering(filter: BoardFilter): boolean {
  return filter.text.trim() !== '' || filter.assignee !== '' || filter.label !== '';
}

/** Every word must appear in the title (any case, any accents), or the text is the card's `#number`. */
export function matchesFilter(task: Task, filter: BoardFilter): boolean {
  if (
    filter.assignee === 'none'
      ? task.assigneeId !== null
      : filter.assignee && task.assigneeId !== filter.assignee
  ) {
    return false;
  }
  if (filter.label && !task.labelIds.includes(filter.label)) return false;
  const text = fold(filter.text.trim());
  if (!text) return true;
  if (/^#?\d+$/.test(text) && String(task.number) === text.replace('#', '')) return true;
  const title = fold(task.title);
  return text.split(/\s+/).every((word) => title.includes(word));
}
