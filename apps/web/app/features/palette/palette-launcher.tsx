/**
 * @module features/palette/palette-launcher — on every signed-in page: Cmd/Ctrl-K or the header's search button
 * opens the command palette and `?` the shortcuts sheet. Only this listener and the button are in the page's
 * first-paint JavaScript: what opens is loaded with `import()` on first use. `?` is never taken from someone
 * typing in a field.
 */

import { lazy, Suspense, useEffect, useState } from 'react';
import type { Theme } from '#app/lib/theme.ts';
import { isTyping } from '#app/lib/typing.ts';
import type { PaletteOpen } from './palette-open.ts';

const PaletteHost = lazy(() => import('./palette-host.tsx').then((m) => ({ default: m.PaletteHost })));

export function PaletteLauncher({ theme }: { theme: Theme }) {
  const [open, setOpen] = useState<PaletteOpen | null>(null);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const plain = !event.metaKey && !event.ctrlKey && !event.altKey;
      if (
        (event.metaKey || event.ctrlKey) &&
        !event.altKey &&
        !event.shiftKey &&
        event.key.toLowerCase() === 'k'
      ) {
        // Anywhere, in a field too (the browser's own Ctrl-K would leave the page for its search bar).
        event.preventDefault();
        setOpen((now) => (now === 'palette' ? null : 'palette'));
      } else if (event.key === '?' && plain && !isTyping(event.target)) {
        event.preventDefault();
        setOpen('shortcuts');
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      {/* Phones have no Ctrl-K: the same palette from a button in the header (decision 187). */}
      <button
        type="button"
        className="header-search"
        aria-label="Search and commands (Ctrl K)"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        onClick={() => setOpen('palette')}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5"
          />
        </svg>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PaletteHost open={open} theme={theme} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
