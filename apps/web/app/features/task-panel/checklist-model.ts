/**
 * @module features/task-panel/checklist-model — the panel's checklists from its flat list of items: grouped by
 * name, each in position order, the groups in the order they were started; and where a moved item lands.
 */
import type { ChecklistItemRow } from '@lanes/shared/schemas/checklist';

export interface ChecklistGroup {
  name: string;
  items: ChecklistItemRow[];
  done: number;
}

/** `items` come by position (keys are per checklist, so one sort orders every group). */
export function groupChecklists(items: ChecklistItemRow[]): ChecklistGroup[] {
  const groups = new Map<string, { group: ChecklistGroup; started: string }>();
  for (const item of items) {
    const known = groups.get(item.checklist);
    if (known) {
      known.group.items.push(item);
      if (item.created_at < known.started) known.started = item.created_at;
    } else {
      groups.set(item.checklist, {
        group: { name: item.checklist, items: [item], done: 0 },
        started: item.created_at,
      });
    }
  }
  return [...groups.values()]
    .sort((a, b) => (a.started < b.started ? -1 : a.started > b.started ? 1 : 0))
    .map(({ group }) => ({ ...group, done: group.items.filter((i) => i.done).length }));
}

/** Ticks shown but not yet stored, by item id: a tick on its way, or waiting in the board's queue offline. */
export type Ticking = ReadonlyMap<string, boolean>;

/** `ticking` with `id`'s tick on its way (`done`), or without it (null); the same map when nothing changes. */
export function withTick(ticking: Ticking, id: string, done: boolean | null): Ticking {
  if (done === null ? !ticking.has(id) : ticking.get(id) === done) return ticking;
  const next = new Map(ticking);
  if (done === null) next.delete(id);
  else next.set(id, done);
  return next;
}

/** A checklist's done count as shown: each item's tick on its way counts at once, as the item shows it. */
export function doneCount(items: ChecklistItemRow[], ticking: Ticking): number {
  return items.filter((item) => ticking.get(item.id) ?? item.done).length;
}

/** The order after moving `id` to `index` (clamped), and the neighbours `move_checklist_item` is told. */
export function moveInList(ids: string[], id: string, index: number) {
  const rest = ids.filter((other) => other !== id);
  const at = Math.max(0, Math.min(index, rest.length));
  const order = [...rest.slice(0, at), id, ...rest.slice(at)];
  return { order, beforeId: rest[at - 1] ?? null, afterId: rest[at] ?? null };
}
