/**
 * @module features/board/use-shortcuts — the board's keys: `/` focuses the filter, `n` opens a new task in the
 * column holding the focus (the first column otherwise). Typing in a field is never taken over.
 */
import { useEffect } from 'react';

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function useBoardShortcuts(canEdit: boolean) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || typing(event.target))
        return;
      if (event.key === '/') {
        event.preventDefault();
        document.getElementById('board-filter-text')?.focus();
      } else if (event.key === 'n' && canEdit) {
        const here =
          document.activeElement?.closest('[data-column-id]') ?? document.querySelector('[data-column-id]');
        const field = here?.querySelector<HTMLInputElement>('.inline-add input[name="value"]');
        if (field) {
          event.preventDefault();
          field.focus();
        }
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [canEdit]);
}
