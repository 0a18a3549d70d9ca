/**
 * @module trello/normalise — turns a Trello board export into the rows Lanes imports, with a report of what
 * was found, skipped and shortened (decision 089). Runs in the browser (the preview and the early refusal)
 * and in the `import-trello` function (the authority), so both say the same thing.
 */
import { type LabelColor, LIMITS } from '../constants.ts';
import { LanesError } from '../errors.ts';
import {
  type ImportReport,
  type NormalisedImport,
  TRELLO_EXPORT_MAX_BYTES,
  TRELLO_EXPORT_MAX_CARDS,
  type TrelloExport,
  trelloComment,
  trelloExport,
} from '../schemas/trello.ts';

/** Trello's label colours on Lanes' palette; `_dark` and `_light` shades map as their base colour. */
export const TRELLO_COLOR_MAP: Record<string, LabelColor> = {
  green: 'green',
  yellow: 'yellow',
  orange: 'orange',
  red: 'red',
  purple: 'purple',
  blue: 'blue',
  sky: 'teal',
  lime: 'green',
  pink: 'red',
  black: 'gray',
};

/** The field lengths of SPEC §5 that imported text is shortened to. */
const MAX = {
  boardName: 80,
  boardDescription: 2000,
  columnName: 40,
  labelName: 24,
  title: 200,
  description: 20000,
  comment: LIMITS.commentLength,
  checklistName: 60,
  checklistItem: 200,
} as const;

/** List names that make a done column (tasks in it count as completed). */
const DONE_NAMES = /^(done|complete|completed|finished)$/i;

export interface NormalisedTrello {
  rows: NormalisedImport;
  report: ImportReport;
}

/** Reads the file's text as JSON; VALIDATION naming the problem when it is not. */
export function readTrelloFile(text: string): unknown {
  if (new TextEncoder().encode(text).length > TRELLO_EXPORT_MAX_BYTES) throw tooLarge();
  try {
    return JSON.parse(text);
  } catch {
    throw new LanesError('VALIDATION', {
      field: 'file',
      message:
        'This file is not JSON. In Trello, open the board menu, Print, export and share, Export as JSON.',
    });
  }
}

export function tooLarge(): LanesError {
  return new LanesError('VALIDATION', {
    field: 'file',
    message: 'This file is over 10 MB, the most an import takes.',
  });
}

/**
 * Checks `value` as a Trello export and maps it. VALIDATION when it is not one; LIMIT_REACHED (naming the limit)
 * when the board would break a SPEC §9 limit, so nothing is imported.
 */
export function normaliseTrelloExport(value: unknown): NormalisedTrello {
  const parsed = trelloExport.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')}: ${issue.message})` : '';
    throw new LanesError('VALIDATION', {
      field: 'file',
      message: `This is not a Trello board export we can read${where}.`,
    });
  }
  return map(parsed.data);
}

function map(data: TrelloExport): NormalisedTrello {
  const notes = new Notes();
  if (data.cards.length > TRELLO_EXPORT_MAX_CARDS) {
    throw limit(
      'tasks_per_board',
      `This board has ${data.cards.length} cards; a Lanes board holds at most ${TRELLO_EXPORT_MAX_CARDS}, archived ones included.`,
    );
  }
  const byPos = <T extends { pos: number }>(a: T, b: T) => a.pos - b.pos;

  // Columns: open lists in order; closed lists are left out and their cards archived in the first column.
  const lists = [...data.lists].sort(byPos);
  const openLists = lists.filter((list) => !list.closed);
  const columns: NormalisedImport['columns'] = openLists.map((list) => ({
    name: fit(list.name, MAX.columnName, 'Untitled list', notes, 'list name'),
    isDone: DONE_NAMES.test(list.name.trim()),
  }));
  const columnOfList = new Map(openLists.map((list, index) => [list.id, index]));
  const knownLists = new Set(lists.map((list) => list.id));
  const cards = [...data.cards].sort(byPos);
  const needsColumn = columns.length === 0 && cards.length > 0;
  if (needsColumn) columns.push({ name: 'Imported', isDone: false });
  let doneColumn = columns.findIndex((column) => column.isDone);
  const completedOpen = cards.filter((card) => card.dueComplete && !card.closed);
  if (doneColumn === -1 && completedOpen.some((card) => columnOfList.has(card.idList))) {
    columns.push({ name: 'Done', isDone: true });
    doneColumn = columns.length - 1;
    notes.add('A Done column was added for the cards marked complete in Trello.');
  }
  if (columns.length > LIMITS.columnsPerBoard) {
    throw limit(
      'columns_per_board',
      `This board would have ${columns.length} columns; a Lanes board has at most ${LIMITS.columnsPerBoard}. Archive or merge lists in Trello and export again.`,
    );
  }

  const labels = data.labels.map((label) => {
    const base = (label.color ?? '').replace(/_(dark|light)$/, '');
    const color = TRELLO_COLOR_MAP[base] ?? 'gray';
    const fallback = label.color ? capitalise(label.color.replace('_', ' ')) : 'Label';
    return { name: fit(label.name ?? '', MAX.labelName, fallback, notes, 'label name'), color };
  });
  if (labels.length > LIMITS.labelsPerBoard) {
    throw limit(
      'labels_per_board',
      `This board has ${labels.length} labels; a Lanes board has at most ${LIMITS.labelsPerBoard}.`,
    );
  }
  const labelIndex = new Map(data.labels.map((label, index) => [label.id, index]));

  const checklistsOf = groupBy(data.checklists, (checklist) => checklist.idCard);
  const comments = data.actions.flatMap((action) => {
    const comment = trelloComment.safeParse(action);
    return comment.success ? [comment.data] : [];
  });
  const commentsOf = groupBy(
    [...comments].sort((a, b) => a.date.localeCompare(b.date)),
    (c) => c.data.card.id,
  );

  let archivedCards = 0;
  let movedToDone = 0;
  let droppedDates = 0;
  let emptyComments = 0;
  const placed = cards.map((card) => {
    const open = !card.closed && columnOfList.has(card.idList);
    if (!open) archivedCards += 1;
    if (!knownLists.has(card.idList)) notes.add('Cards whose list is missing from the export were archived.');
    let column = columnOfList.get(card.idList) ?? 0;
    if (open && card.dueComplete && !columns[column]?.isDone) {
      column = doneColumn;
      movedToDone += 1;
    }
    const dueOn = dueDate(card.due);
    if (card.due && !dueOn) droppedDates += 1;
    const checklist = (checklistsOf.get(card.id) ?? []).sort(byPos).flatMap((list) => {
      const name = fit(list.name ?? '', MAX.checklistName, 'Checklist', notes, 'checklist name');
      return [...list.checkItems].sort(byPos).flatMap((item) => {
        const body = item.name.trim();
        if (!body) return [];
        return [
          {
            checklist: name,
            body: fit(body, MAX.checklistItem, body, notes, 'checklist item'),
            done: item.state === 'complete',
          },
        ];
      });
    });
    if (checklist.length > LIMITS.checklistItemsPerTask) {
      throw limit(
        'checklist_items_per_task',
        `The card "${card.name.trim().slice(0, 60)}" has ${checklist.length} checklist items; a Lanes task has at most ${LIMITS.checklistItemsPerTask}.`,
      );
    }
    const bodies = (commentsOf.get(card.id) ?? []).flatMap((comment) => {
      if (!comment.data.text.trim()) {
        emptyComments += 1;
        return [];
      }
      const who = comment.memberCreator?.fullName?.trim() || comment.memberCreator?.username || 'someone';
      const day = comment.date.slice(0, 10);
      const body = `Originally by ${who} on ${day}:\n\n${comment.data.text.trim()}`;
      return [fit(body, MAX.comment, body, notes, 'comment')];
    });
    return {
      column,
      title: fit(card.name, MAX.title, 'Untitled card', notes, 'card title'),
      description: fit(card.desc ?? '', MAX.description, '', notes, 'description'),
      dueOn,
      archived: !open,
      labels: card.idLabels.flatMap((labelId) => {
        const index = labelIndex.get(labelId);
        return index === undefined ? [] : [index];
      }),
      checklist,
      comments: bodies,
    };
  });
  // Rows go in column order, each column's cards in Trello's position order (archived ones included).
  const tasks = columns.flatMap((_, index) => placed.filter((task) => task.column === index));

  if (movedToDone > 0)
    notes.add(`${plural(movedToDone, 'card')} marked complete in Trello went to the done column.`);
  if (droppedDates > 0)
    notes.add(`${plural(droppedDates, 'due date')} outside 2000–2100 or unreadable were left out.`);
  if (emptyComments > 0) notes.add(`${plural(emptyComments, 'empty comment')} left out.`);
  const closedLists = lists.length - openLists.length;
  if (closedLists > 0) {
    notes.add(
      `${plural(closedLists, 'archived list')} left out; their cards were imported as archived cards.`,
    );
  }

  const report: ImportReport = {
    found: {
      lists: lists.length,
      closedLists,
      cards: cards.length,
      archivedCards,
      labels: labels.length,
      checklists: data.checklists.length,
      checklistItems: tasks.reduce((sum, task) => sum + task.checklist.length, 0),
      comments: comments.length,
    },
    skipped: {
      attachments: cards.reduce(
        (sum, card) => sum + (card.attachments?.length ?? card.badges?.attachments ?? 0),
        0,
      ),
      members: data.members.length,
      cardMembers: cards.reduce((sum, card) => sum + card.idMembers.length, 0),
      customFields: data.customFields.length,
      powerUps: Math.max(data.boardPlugins.length, data.pluginData.length),
      otherActions: data.actions.length - comments.length,
    },
    notes: [...notes.summary()],
  };
  const rows: NormalisedImport = {
    board: {
      name: fit(data.name, MAX.boardName, 'Imported board', notes, 'board name'),
      description: fit(data.desc ?? '', MAX.boardDescription, '', notes, 'board description'),
    },
    columns,
    labels,
    tasks,
  };
  report.notes = [...notes.summary()];
  return { rows, report };
}

/** Collects notes, counting the shortened fields of each kind into one sentence. */
class Notes {
  private readonly sentences = new Set<string>();
  private readonly shortened = new Map<string, number>();
  add(sentence: string): void {
    this.sentences.add(sentence);
  }
  shorten(kind: string): void {
    this.shortened.set(kind, (this.shortened.get(kind) ?? 0) + 1);
  }
  *summary(): Iterable<string> {
    for (const [kind, count] of this.shortened) yield `${plural(count, kind)} shortened to fit.`;
    yield* this.sentences;
  }
}

/** Trimmed text within `max` characters (noted when shortened), or `fallback` when empty. */
function fit(value: string, max: number, fallback: string, notes: Notes, kind: string): string {
  const text = value.trim();
  if (!text) return fallback;
  if (text.length <= max) return text;
  notes.shorten(kind);
  // Cut by code points, so an emoji is never split into half a surrogate pair.
  return Array.from(text).slice(0, max).join('').trim();
}

/** Trello's due timestamp as a Lanes due date (the UTC day), or null outside 2000–2100. */
function dueDate(due: string | null | undefined): string | null {
  if (!due) return null;
  const time = Date.parse(due);
  if (Number.isNaN(time)) return null;
  const day = new Date(time).toISOString().slice(0, 10);
  return day >= '2000-01-01' && day <= '2100-12-31' ? day : null;
}

function limit(name: string, message: string): LanesError {
  return new LanesError('LIMIT_REACHED', { message, details: { limit: name } });
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}
