/**
 * @module schemas/trello — the part of a Trello board export ("Export as JSON") that Lanes understands, the
 * `import-trello` function's input, and the normalised import the database takes (decision 089). Unknown
 * fields are ignored, so a newer export imports what it understands; an export without lists and cards is
 * not a Trello board and is refused.
 */
import { z } from 'zod';
import { LABEL_COLORS } from '../constants.ts';
import { id } from './fields.ts';

/** Files over this are refused in the browser before upload and again by the function. */
export const TRELLO_EXPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Cards in one export, archived included (SPEC §9's tasks per board). */
export const TRELLO_EXPORT_MAX_CARDS = 5000;

/** Trello's `pos` is a number; some old exports write it as a string. */
const pos = z.coerce.number().catch(0);
const text = z.string().nullish();

export const trelloList = z.object({
  id: z.string(),
  name: z.string(),
  closed: z.boolean().catch(false).default(false),
  pos: pos.default(0),
});

export const trelloCard = z.object({
  id: z.string(),
  name: z.string(),
  desc: text,
  closed: z.boolean().catch(false).default(false),
  idList: z.string(),
  pos: pos.default(0),
  due: text,
  dueComplete: z.boolean().nullish(),
  idLabels: z.array(z.string()).catch([]).default([]),
  idMembers: z.array(z.string()).catch([]).default([]),
  /** Only counted: attachments are reported as skipped. */
  badges: z
    .object({ attachments: z.number().catch(0).default(0) })
    .partial()
    .nullish()
    .catch(null),
  attachments: z.array(z.unknown()).nullish().catch(null),
  customFieldItems: z.array(z.unknown()).nullish().catch(null),
});

export const trelloLabel = z.object({ id: z.string(), name: text, color: text });

export const trelloChecklist = z.object({
  id: z.string(),
  name: text,
  idCard: z.string(),
  pos: pos.default(0),
  checkItems: z
    .array(z.object({ id: z.string(), name: z.string(), state: z.string().nullish(), pos: pos.default(0) }))
    .default([]),
});

/** A `commentCard` action; other actions (moves, edits…) are history Lanes does not import. */
export const trelloComment = z.object({
  type: z.literal('commentCard'),
  date: z.string(),
  data: z.object({ text: z.string(), card: z.object({ id: z.string() }) }),
  memberCreator: z.object({ fullName: text, username: text }).nullish(),
});

export const trelloExport = z.object(
  {
    name: z.string().catch('Imported board').default('Imported board'),
    desc: z.string().nullish().catch(null),
    lists: z.array(trelloList, { message: 'A Trello board export has a list of lists.' }),
    cards: z.array(trelloCard, { message: 'A Trello board export has a list of cards.' }),
    labels: z.array(trelloLabel).default([]),
    checklists: z.array(trelloChecklist).default([]),
    /** Each action is checked on its own: only comments are kept, anything unreadable is passed over. */
    actions: z.array(z.unknown()).catch([]).default([]),
    members: z.array(z.unknown()).catch([]).default([]),
    customFields: z.array(z.unknown()).catch([]).default([]),
    pluginData: z.array(z.unknown()).catch([]).default([]),
    boardPlugins: z.array(z.unknown()).catch([]).default([]),
  },
  { message: 'This is not a Trello board export.' },
);
export type TrelloExport = z.infer<typeof trelloExport>;

/** The `import-trello` function's body; the export is checked by `normaliseTrelloExport`. */
export const importTrelloInput = z.object({ workspaceId: id, export: z.unknown() });
export type ImportTrelloInput = z.infer<typeof importTrelloInput>;

const labelColor = z.enum(LABEL_COLORS);

/** What `public.import_trello_board` takes: board rows in order, everything already within the limits. */
export const normalisedImport = z.object({
  board: z.object({ name: z.string(), description: z.string() }),
  columns: z.array(z.object({ name: z.string(), isDone: z.boolean() })),
  labels: z.array(z.object({ name: z.string(), color: labelColor })),
  tasks: z.array(
    z.object({
      /** Index into `columns`; tasks are listed in their order within each column. */
      column: z.number().int(),
      title: z.string(),
      description: z.string(),
      dueOn: z.string().nullable(),
      archived: z.boolean(),
      /** Indexes into `labels`. */
      labels: z.array(z.number().int()),
      checklist: z.array(z.object({ checklist: z.string(), body: z.string(), done: z.boolean() })),
      comments: z.array(z.string()),
    }),
  ),
});
export type NormalisedImport = z.infer<typeof normalisedImport>;

/** What was found, what was left out and what was shortened: shown as the preview and after the import. */
export const importReport = z.object({
  found: z.object({
    lists: z.number(),
    closedLists: z.number(),
    cards: z.number(),
    archivedCards: z.number(),
    labels: z.number(),
    checklists: z.number(),
    checklistItems: z.number(),
    comments: z.number(),
  }),
  skipped: z.object({
    attachments: z.number(),
    members: z.number(),
    cardMembers: z.number(),
    customFields: z.number(),
    powerUps: z.number(),
    otherActions: z.number(),
  }),
  /** Plain sentences: shortened fields, dropped dates, where done cards went. */
  notes: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReport>;

export const importTrelloResult = z.object({ boardId: id, report: importReport });
export type ImportTrelloResult = z.infer<typeof importTrelloResult>;
