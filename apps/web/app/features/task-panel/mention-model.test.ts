import { describe, expect, it } from 'vitest';
import { findTrigger, insertPick, matchPeople, toHandles, toReferences } from './mention-model.ts';

const BOB = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Bob Baker',
  avatarPath: null,
  handle: 'bob',
};
const BOBBY = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Bobby Tables',
  avatarPath: null,
  handle: 'bobby',
};
const ANN = { id: '44444444-4444-4444-8444-444444444444', name: 'Ann Lee', avatarPath: null, handle: 'ann' };

describe('findTrigger', () => {
  it('finds the handle being typed, but not inside an email address or after a word', () => {
    expect(findTrigger('hi @bo', 6)).toEqual({ start: 3, query: 'bo' });
    expect(findTrigger('@', 1)).toEqual({ start: 0, query: '' });
    expect(findTrigger('mail bob@acme', 13)).toBeNull();
    expect(findTrigger('hi @bob there', 13)).toBeNull();
  });
});

describe('matchPeople', () => {
  it('puts handle and name prefixes first, then other matches', () => {
    expect(matchPeople([ANN, BOBBY, BOB], 'bo').map((p) => p.handle)).toEqual(['bobby', 'bob']);
    expect(matchPeople([ANN, BOB], 'lee').map((p) => p.handle)).toEqual(['ann']);
    expect(matchPeople([ANN, BOB], '')).toHaveLength(2);
  });
});

describe('insertPick and toReferences', () => {
  it('puts the handle in, then sends picked handles as references and leaves longer handles alone', () => {
    const picked = insertPick('thanks @bo!', { start: 7, query: 'bo' }, 10, 'bob');
    expect(picked).toEqual({ text: 'thanks @bob !', caret: 12 });
    const sent = toReferences('@bob and @bobby, bob@acme.com, @bob.', new Map([['bob', BOB.id]]));
    expect(sent).toBe(`@[${BOB.id}] and @bobby, bob@acme.com, @[${BOB.id}].`);
    expect(toHandles(sent, [BOB])).toBe('@bob and @bobby, bob@acme.com, @bob.');
  });
});
