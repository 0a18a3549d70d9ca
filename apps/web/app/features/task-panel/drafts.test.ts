import { describe, expect, it } from 'vitest';
import { DRAFT_MAX_AGE_MS, type DraftStore, draftKey, dropDraft, keepDraft, readDraft } from './drafts.ts';

function memory(full = false): DraftStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      if (full) throw new Error('QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(k),
  };
}

describe('drafts', () => {
  const key = draftKey('u1', 't1', 'comment');

  it('keeps text per user, task and field and reads it back', () => {
    const store = memory();
    keepDraft(store, key, 'half a thought', 1000);
    expect(readDraft(store, key, 2000)).toBe('half a thought');
    expect(readDraft(store, draftKey('u2', 't1', 'comment'), 2000)).toBeNull();
    expect(readDraft(store, draftKey('u1', 't1', 'description'), 2000)).toBeNull();
  });

  it('drops a draft older than 30 days when read', () => {
    const store = memory();
    keepDraft(store, key, 'old', 0);
    expect(readDraft(store, key, DRAFT_MAX_AGE_MS)).toBe('old');
    expect(readDraft(store, key, DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(store.map.has(key)).toBe(false);
  });

  it('an empty text or dropDraft removes it', () => {
    const store = memory();
    keepDraft(store, key, 'x');
    keepDraft(store, key, '   ');
    expect(store.map.has(key)).toBe(false);
    keepDraft(store, key, 'y');
    dropDraft(store, key);
    expect(readDraft(store, key)).toBeNull();
  });

  it('a corrupt value, a full storage or no storage means no draft, never an error', () => {
    const store = memory();
    store.map.set(key, '{not json');
    expect(readDraft(store, key)).toBeNull();
    store.map.set(key, JSON.stringify({ text: 5 }));
    expect(readDraft(store, key)).toBeNull();
    expect(() => keepDraft(memory(true), key, 'x')).not.toThrow();
    expect(readDraft(null, key)).toBeNull();
    expect(() => keepDraft(null, key, 'x')).not.toThrow();
  });
});
