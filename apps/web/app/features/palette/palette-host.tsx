/**
 * @module features/palette/palette-host — what the launcher loads on the first Cmd/Ctrl-K or `?`: the page's
 * context for the palette (the workspace and board in the URL, my role, the theme), then the palette or the
 * shortcuts sheet, each loaded in turn: the list of their chunks (supabase-js, the data operations) lives here,
 * not in the page's first-paint JavaScript (decision 187).
 */
import { ROLE_RANK, type Role } from '@lanes/shared/constants';
import { lazy, useCallback, useMemo } from 'react';
import { useFetcher, useParams, useRouteLoaderData } from 'react-router';
import type { Theme } from '#app/lib/theme.ts';
import type { PaletteContext } from './palette.tsx';
import type { PaletteOpen } from './palette-open.ts';

const Palette = lazy(() => import('./palette.tsx').then((m) => ({ default: m.Palette })));
const ShortcutsSheet = lazy(() =>
  import('./shortcuts-sheet.tsx').then((m) => ({ default: m.ShortcutsSheet })),
);

interface WorkspaceData {
  workspace: { id: string; slug: string; name: string; role: Role };
}

export function PaletteHost({ open, theme, onClose }: { open: PaletteOpen; theme: Theme; onClose(): void }) {
  const params = useParams();
  const workspace = useRouteLoaderData<WorkspaceData>('routes/app/workspace-layout')?.workspace ?? null;
  // The theme switch's own form action: the root shows the theme being switched to at once (root.tsx).
  const themeFetcher = useFetcher({ key: 'palette-theme' });
  const setTheme = useCallback(
    (next: Theme) => themeFetcher.submit({ theme: next }, { method: 'post', action: '/theme' }),
    [themeFetcher.submit],
  );
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
  // The launcher's Suspense boundary waits for these too.
  return open === 'palette' ? (
    <Palette context={context} onClose={onClose} />
  ) : (
    <ShortcutsSheet onClose={onClose} />
  );
}
