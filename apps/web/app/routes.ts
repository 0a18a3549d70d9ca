/**
 * @module routes — every URL of SPEC §2 in this release. Signed-in pages sit under `routes/app/layout.tsx`
 * (session required); `/w/:slug` loads the workspace once for the boards list and the board below it; the task
 * panel is nested in its board, so the board stays mounted (and live) while panels open and close.
 */
import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  layout('routes/auth/layout.tsx', [
    route('sign-in', 'routes/auth/sign-in.tsx'),
    route('sign-up', 'routes/auth/sign-up.tsx'),
    route('forgot-password', 'routes/auth/forgot-password.tsx'),
    route('reset-password', 'routes/auth/reset-password.tsx'),
  ]),
  route('auth/confirm', 'routes/auth/confirm.tsx'),
  route('sign-out', 'routes/auth/sign-out.ts'),
  route('theme', 'routes/theme.ts'),
  route('invite/:token', 'routes/invite.tsx'),
  route('unsubscribe', 'routes/unsubscribe.tsx'),
  layout('routes/app/layout.tsx', [
    route('account', 'routes/app/account.tsx'),
    route('inbox', 'routes/app/inbox.tsx'),
    route('inbox/:notificationId', 'routes/app/inbox-open.ts'),
    route('w', 'routes/app/workspaces.tsx'),
    route('w/:slug', 'routes/app/workspace-layout.tsx', [
      index('routes/app/workspace-boards.tsx'),
      route('b/:boardId', 'routes/app/board.tsx', [
        route('t/:taskId', 'routes/app/task.tsx', [
          route('files/:attachmentId', 'routes/app/task-file.ts'),
          route('panel', 'routes/app/task-panel-data.ts'),
        ]),
      ]),
      route('settings', 'routes/app/workspace-settings.tsx'),
      route('import', 'routes/app/workspace-import.tsx'),
      route('b/:boardId/export.csv', 'routes/app/board-export.ts', { id: 'board-export-csv' }),
      route('b/:boardId/export.json', 'routes/app/board-export.ts', { id: 'board-export-json' }),
      route('search', 'routes/app/workspace-search.tsx'),
      route('b/:boardId/archived', 'routes/app/board-archive.tsx'),
    ]),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
