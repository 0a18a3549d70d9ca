/**
 * @module features/palette/palette-launcher — on every signed-in page: Cmd/Ctrl-K opens the command palette and
 * `?` the shortcuts sheet. Both are loaded with `import()` on first use, so neither is part of any page's
 * first-paint JavaScript. `?` is never taken from someone typing in a field.
 */
import { ROLE_RANK, type Role } from '@lanes/shared/constants';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useFetcher, useParams, useRouteLoaderData } from 'react-router';
import type { Theme } from '../theme/theme.ts';
import type { PaletteContext } from './palette.tsx';

const Palette = lazy(() => import('./palette.tsx').then((m) => ({ default: m.Palette })));
const ShortcutsSheet = lazy(() =>
  import('./shortcuts-sheet.tsx').then((m) => ({ default: m.ShortcutsSheet })),
);

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

interface WorkspaceData {
  workspace: { id: string; slug: string; name: string; role: Role };
}

export function PaletteLauncher({ theme }: { theme: Theme }) {
  const [open, setOpen] = useState<'palette' | 'shortcuts' | null>(null);
  const params = useParams();
  const workspace = useRouteLoaderData<WorkspaceData>('routes/app/workspace-layout')?.workspace ?? null;
  // The switch's own form action: the root shows the theme being switched to at once (root.tsx).
  const themeFetcher = useFetcher();
  const setTheme = useCallback(
    (next: Theme) => themeFetcher.submit({ theme: next }, { method: 'post', action: '/theme' }),
    [themeFetcher.submit],
  );

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (
        (event.metaKey || event.ctrlKey) &&
        !event.altKey &&
        !event.shiftKey &&
        event.key.toLowerCase() === 'k'
      ) {
        // Anywhere, in a field too (the browser's own Ctrl-K would leave the page for its search bar).
        event.preventDefault();
        setOpen((now) => (now === 'palette' ? null : 'palette'));
      } else if (
        event.key === '?' &&
        !event.metaKey &&
        !event.ctrlKey &&
        !event.altKey &&
        !typing(event.target)
      ) {
        event.preventDefault();
        setOpen('shortcuts');
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const context = useMemo<PaletteContext>(
    () => ({
      workspace: workspace && params.slug === workspace.slug ? workspace : null,
      boardId: params.boardId ?? null,
      canCreateBoard: workspace ? ROLE_RANK[workspace.role] >= ROLE_RANK.member : false,
      theme,
      setTheme,
    }),
    [workspace, params.slug, params.boardId, theme, setTheme],
  );
  const close = useCallback(() => setOpen(null), []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      {open === 'palette' ? (
        <Palette context={context} onClose={close} />
      ) : (
        <ShortcutsSheet onClose={close} />
      )}
    </Suspense>
  );
}
