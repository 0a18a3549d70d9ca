import { describe, expect, it } from 'vitest';
import { type KeyValueStore, WriteJournal } from './write-journal.ts';

/** A Storage stand-in; `full` makes every write throw, as a full or disabled localStorage does. */
function memoryStore() {
  const values = new Map<string, string>();
  const store = {
    full: false,
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (store.full) throw new DOMException('quota', 'QuotaExceededError');
      values.set(key, value);
    },
    removeItem: (key: string) => {
      values.delete(key);
    },
  };
  return store satisfies KeyValueStore;
}

const move = (key: string) => ({ key, name: 'moveTask', input: { taskId: key } });

describe('WriteJournal', () => {
  it('keeps writes in order until each is answered, and leaves nothing behind', () => {
    const store = memoryStore();
    const journal = new WriteJournal(store, 'u1', 'b1', 'tab-a');
    journal.add(move('1'));
    journal.add(move('2'));
    journal.add(move('3'));
    journal.remove('2');
    expect(journal.entries().map((e) => e.key)).toEqual(['1', '3']);
    journal.remove('1');
    journal.remove('3');
    expect(store.values.size).toBe(0);
  });

  it('a later page takes over the writes of a closed tab, oldest first, and only once', () => {
    const store = memoryStore();
    const closed = new WriteJournal(store, 'u1', 'b1', 'tab-a');
    closed.add(move('1'));
    closed.add(move('2'));
    const next = new WriteJournal(store, 'u1', 'b1', 'tab-b');
    expect(next.adoptOrphans(() => false).map((e) => e.key)).toEqual(['1', '2']);
    expect(next.entries().every((e) => e.tab === 'tab-b')).toBe(true);
    const third = new WriteJournal(store, 'u1', 'b1', 'tab-c');
    expect(third.adoptOrphans((tab) => tab === 'tab-b')).toEqual([]);
  });

  it('leaves the writes of a tab that is still open to that tab', () => {
    const store = memoryStore();
    new WriteJournal(store, 'u1', 'b1', 'tab-a').add(move('1'));
    const other = new WriteJournal(store, 'u1', 'b1', 'tab-b');
    expect(other.adoptOrphans((tab) => tab === 'tab-a')).toEqual([]);
    expect(other.entries()).toHaveLength(1);
  });

  it('keeps each user and board apart', () => {
    const store = memoryStore();
    new WriteJournal(store, 'u1', 'b1', 'tab-a').add(move('1'));
    expect(new WriteJournal(store, 'u2', 'b1', 'tab-b').adoptOrphans(() => false)).toEqual([]);
    expect(new WriteJournal(store, 'u1', 'b2', 'tab-b').adoptOrphans(() => false)).toEqual([]);
    expect(new WriteJournal(store, 'u1', 'b1', 'tab-b').adoptOrphans(() => false)).toHaveLength(1);
  });

  it('says when storage refuses a write, and reads a corrupt value as empty', () => {
    const store = memoryStore();
    const journal = new WriteJournal(store, 'u1', 'b1', 'tab-a');
    store.full = true;
    expect(journal.add(move('1'))).toBe(false);
    store.full = false;
    store.values.set('lanes:board-writes:v1:u1:b1', '{not json');
    expect(journal.entries()).toEqual([]);
    store.values.set('lanes:board-writes:v1:u1:b1', JSON.stringify([{ key: 1 }, { ...move('2'), tab: 't' }]));
    expect(journal.entries().map((e) => e.key)).toEqual(['2']);
  });
});
