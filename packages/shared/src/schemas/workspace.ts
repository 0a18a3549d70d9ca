/** @module schemas/workspace — workspace name and slug rules, and the workspace row. */
import { z } from 'zod';
import { RESERVED_SLUGS } from '../constants.ts';
import { id, timestamp, trimmed } from './fields.ts';

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export const workspaceName = trimmed(1, 64);

export const slug = z
  .string()
  .trim()
  .min(3, { message: 'At least 3 characters.' })
  .max(40, { message: 'At most 40 characters.' })
  .regex(SLUG_PATTERN, {
    message: 'Use lowercase letters, digits and inner dashes.',
  })
  .refine((value) => !(RESERVED_SLUGS as readonly string[]).includes(value), {
    message: 'This address is reserved.',
  });

export const createWorkspaceInput = z.object({ name: workspaceName, slug });
export type CreateWorkspaceInput = z.infer<typeof createWorkspaceInput>;

export const renameWorkspaceInput = z.object({ workspaceId: id, name: workspaceName });
export type RenameWorkspaceInput = z.infer<typeof renameWorkspaceInput>;

export const workspaceRow = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  created_by: id.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type WorkspaceRow = z.infer<typeof workspaceRow>;

/** Suggests a free-looking slug from a name (the database still decides uniqueness). */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  if (base.length < 3 || (RESERVED_SLUGS as readonly string[]).includes(base)) {
    return `${base || 'team'}-space`.replace(/^-/, '');
  }
  return base;
}
