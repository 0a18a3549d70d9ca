/** @module workspaces/get-workspace-by-slug — one workspace by its address; NOT_FOUND if missing or not visible. */
import { LanesError } from '@lanes/shared/errors';
import { type WorkspaceRow, workspaceRow } from '@lanes/shared/schemas/workspace';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const getWorkspaceBySlugInput = z.object({ slug: z.string().min(1).max(40) });
export type GetWorkspaceBySlugResult = WorkspaceRow;

export async function getWorkspaceBySlug(
  client: LanesClient,
  input: z.input<typeof getWorkspaceBySlugInput>,
  signal?: AbortSignal,
): Promise<GetWorkspaceBySlugResult> {
  const { slug } = parseInput(getWorkspaceBySlugInput, input);
  const row = unwrap(
    await abortable(client.from('workspaces').select('*').eq('slug', slug), signal).maybeSingle(),
  );
  if (!row) throw new LanesError('NOT_FOUND');
  return parseAnswer(workspaceRow, row);
}
