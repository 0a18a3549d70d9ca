/**
 * @module features/palette/palette-launcher — on every signed-in page: Cmd/Ctrl-K opens the command palette and
 * `?` the shortcuts sheet. Only this listener is in the page's first-paint JavaScript: what opens is loaded with
 * `import()` on first use. `?` is never taken from someone typing in a field.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { isTyping } from '../../lib/typing.ts';
import type { Theme } from '../theme/theme.ts';

export type PaletteOpen = 'palette' | 'shortcuts';

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
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PaletteHost open={open} theme={theme} onClose={() => setOpen(null)} />
    </Suspense>
  );
}
