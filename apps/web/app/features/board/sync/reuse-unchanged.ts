/**
 * @module features/board/sync/reuse-unchanged — a fresh copy of the board (the full read after joining, after an
 * outage, after a refused write) mostly says what the screen already shows. Keeping the objects that did not
 * change lets React skip what did not change: when nothing did, the reducer hands back the very same model and
 * the board does not render at all; otherwise the unchanged cards keep their objects for `memo` (decision 149).
 */
import type { BoardModel } from '../model/board-model.ts';

type Fields = Record<string, unknown>;

/** The same items (by identity) in the same order. */
export function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/**
 * Equal field by field, a list (a card's label ids) item by item. Every field is compared, not a named few:
 * a field added to a card or column later cannot be missed here.
 */
function sameFields(a: Fields, b: Fields): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const x = a[key];
    const y = b[key];
    return x === y || (Array.isArray(x) && Array.isArray(y) && sameList(x, y));
  });
}

/** `next`'s items in `next`'s order, each replaced by `previous`'s object of the same id when equal to it. */
function reuseItems<T extends { id: string }>(previous: T[], next: T[]): T[] {
  const byId = new Map(previous.map((item) => [item.id, item]));
  const items = next.map((item) => {
    const old = byId.get(item.id);
    return old && sameFields(old, item) ? old : item;
  });
  return sameList(items, previous) ? previous : items;
}

/** A profile (an object) equal field by field, or a hidden-card count (a number) equal. */
const sameValue = (a: unknown, b: unknown) =>
  a === b ||
  (typeof a === 'object' &&
    typeof b === 'object' &&
    a !== null &&
    b !== null &&
    sameFields(a as Fields, b as Fields));

/** `next`, keeping `previous`'s entry for every key whose value is equal (and `previous` if all are). */
function reuseRecord<T>(previous: Record<string, T>, next: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, value] of Object.entries(next)) {
    const old = previous[key];
    out[key] = old !== undefined && sameValue(old, value) ? old : value;
  }
  return sameFields(out, previous) ? previous : out;
}

/** `next`, sharing every part of `previous` that is equal to it; `previous` itself when all of it is. */
export function reuseUnchanged(previous: BoardModel, next: BoardModel): BoardModel {
  const model: BoardModel = {
    ...next,
    columns: reuseItems(previous.columns, next.columns),
    tasks: reuseItems(previous.tasks, next.tasks),
    labels: reuseItems(previous.labels, next.labels),
    profiles: reuseRecord(previous.profiles, next.profiles),
  };
  if (previous.hidden && next.hidden) model.hidden = reuseRecord(previous.hidden, next.hidden);
  return sameFields(model as unknown as Fields, previous as unknown as Fields) ? previous : model;
}
