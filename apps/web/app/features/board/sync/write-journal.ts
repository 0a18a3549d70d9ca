/**
 * @module features/board/sync/write-journal — the board writes still waiting for the server, kept in the browser's
 * storage (per user and board) so closing the tab loses none of them: the next load of that board sends them
 * again, in order. Decision 121.
 */

/** One write as it can be sent again by a later page: the name of a board write and its one argument. */
export interface JournalEntry {
  key: string;
  /** The tab that made it; a tab still open sends its own writes, so others leave them alone. */
  tab: string;
  name: string;
  input: unknown;
}

/** The part of `Storage` the journal uses (tests pass a Map-backed one). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'lanes:board-writes:v1';

export class WriteJournal {
  private readonly key: string;
  private readonly store: KeyValueStore;
  /** This tab: the writes it records are its own to send. */
  readonly tab: string;

  constructor(store: KeyValueStore, userId: string, boardId: string, tab: string) {
    this.store = store;
    this.key = `${PREFIX}:${userId}:${boardId}`;
    this.tab = tab;
  }

  /** Every entry, oldest first; a corrupt or foreign value reads as none. */
  entries(): JournalEntry[] {
    try {
      const value: unknown = JSON.parse(this.store.getItem(this.key) ?? '[]');
      return Array.isArray(value) ? value.filter(isEntry) : [];
    } catch {
      return [];
    }
  }

  /** Records a write before it is sent; false when the storage refused (full, or disabled). */
  add(entry: Omit<JournalEntry, 'tab'>): boolean {
    return this.save([...this.entries(), { ...entry, tab: this.tab }]);
  }

  /** Forgets a write the server answered (stored it, or refused it and the user was told). */
  remove(key: string): void {
    this.save(this.entries().filter((e) => e.key !== key));
  }

  /**
   * Takes over the entries of tabs that are gone (`alive` says which tabs are still open): they become this
   * tab's, so no other page sends them too, and are returned oldest first to be sent again.
   */
  adoptOrphans(alive: (tab: string) => boolean): JournalEntry[] {
    const all = this.entries();
    const orphans = all.filter((e) => e.tab !== this.tab && !alive(e.tab));
    if (orphans.length === 0) return [];
    this.save(all.map((e) => (orphans.includes(e) ? { ...e, tab: this.tab } : e)));
    return orphans;
  }

  private save(entries: JournalEntry[]): boolean {
    try {
      if (entries.length === 0) this.store.removeItem(this.key);
      else this.store.setItem(this.key, JSON.stringify(entries));
      return true;
    } catch {
      return false;
    }
  }
}

function isEntry(value: unknown): value is JournalEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return typeof e.key === 'string' && typeof e.tab === 'string' && typeof e.name === 'string' && 'input' in e;
}

/**
 * Holds `tab` as a Web Lock for as long as the page lives, and answers which other tabs still hold theirs.
 * Without Web Locks every other tab counts as gone (its writes are sent again: creates are idempotent, and
 * a repeated move lands where it was meant to).
 */
export async function openTabs(tab: string): Promise<(other: string) => boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return () => false;
  const name = (id: string) => `lanes-tab:${id}`;
  // The lock is held until the page goes away: the callback's promise never settles.
  void locks.request(name(tab), () => new Promise<never>(() => {}));
  const held = new Set(((await locks.query()).held ?? []).map((lock) => lock.name));
  return (other) => held.has(name(other));
}
