/**
 * @module routes/app/board-export — `/w/:slug/b/:boardId/export.csv` and `export.json`: the board as a download
 * (decision 188). Anyone who can see the board may export it; 404 otherwise.
 */
import { exportBoard } from '@lanes/data/boards/export-board';
import { boardCsv } from '#app/features/export/board-csv.ts';
import { notFound, toRouteError } from '#app/lib/http.server.ts';
import { loadWorkspace } from '#app/lib/load-workspace.server.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/board-export.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client } = requireUser(request, context);
  const format = new URL(request.url).pathname.endsWith('.json') ? 'json' : 'csv';
  try {
    const [workspace, data] = await Promise.all([
      loadWorkspace(client, params.slug),
      exportBoard(client, { boardId: params.boardId }),
    ]);
    if (data.board.workspaceId !== workspace.id) notFound();
    const body = format === 'csv' ? boardCsv(data) : `${JSON.stringify(data, null, 2)}\n`;
    const name = fileName(data.board.name, format);
    return new Response(body, {
      headers: {
        'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${name.ascii}"; filename*=UTF-8''${encodeURIComponent(name.full)}`,
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    toRouteError(error, request);
  }
}

/** The board's name as a file name: as it is for browsers that read `filename*`, plain ASCII for the rest. */
function fileName(board: string, extension: string) {
  const full = `${board.replace(/[/\\:*?"<>|\p{Cc}]+/gu, '-').trim() || 'board'}.${extension}`;
  const ascii = `${
    board
      .normalize('NFKD')
      .replace(/[^\w .-]+/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'board'
  }.${extension}`;
  return { full, ascii };
}
