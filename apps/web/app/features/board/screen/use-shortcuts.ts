/**
 * @module features/board/screen/use-shortcuts — the board's keys (`/`, `n`, `j`, `k`; board-keys.ts says what each
 * does). Only this listener is in the board's first-paint JavaScript; what a key does loads on the first one.
 * Typing in a field is never taken over. The `?` sheet (features/palette) lists them.
 */
import { useEffect } from 'react';
import { isTyping } from '#app/lib/typing.ts';

const KEYS = new Set(['/', 'j', 'k', 'n']);

export function useBoardShortcuts(canEdit: boolean) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target))
        return;
      if (!KEYS.has(event.key) || (event.key === 'n' && !canEdit)) return;
      // Outside a field these keys do nothing of the browser's own, so they are taken before the module loads.
      event.preventDefault();
      const key = event.key;
      void import('./board-keys.ts').then(({ runBoardKey }) => runBoardKey(key, canEdit));
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [canEdit]);
}
