/** @module schemas/search — workspace search (SPEC §10): what is asked, what comes back, and the highlight marks. */
import { z } from 'zod';
import { id } from './fields.ts';

/** The longest search (the database refuses longer ones too). */
export const SEARCH_MAX_LENGTH = 500;

/** The database wraps matching words in these private-use characters (removed from the text first). */
export const HIGHLIGHT_START = '\uE000';
export const HIGHLIGHT_END = '\uE001';

export const searchInput = z.object({
  workspaceId: id,
  q: z.string().max(SEARCH_MAX_LENGTH, { message: `At most ${SEARCH_MAX_LENGTH} characters.` }),
  boardId: id.nullable().default(null),
  assigneeId: id.nullable().default(null),
  labelId: id.nullable().default(null),
  /** true: completed only, false: open only, null: both. */
  done: z.boolean().nullable().default(null),
  /** false: not archived (the default), true: archived only, null: both. */
  archived: z.boolean().nullable().default(false),
  limit: z.number().int().min(1).max(100).default(50),
});
export type SearchInput = z.input<typeof searchInput>;

export const searchHit = z.object({
  task_id: id,
  board_id: id,
  board_name: z.string(),
  task_number: z.number().int(),
  title: z.string(),
  /** The title with matching words between HIGHLIGHT_START and HIGHLIGHT_END. */
  title_marked: z.string(),
  /** A marked excerpt of the description or of the best matching comment; empty when only the title matched. */
  snippet: z.string(),
  matched_in: z.array(z.enum(['title', 'description', 'comment'])),
  rank: z.number(),
  is_completed: z.boolean(),
  is_archived: z.boolean(),
});
export type SearchHit = z.infer<typeof searchHit>;
