import { describe, expect, it } from 'vitest';
import { byName, byNameField } from './names.ts';

describe('byName', () => {
  it('orders names alphabetically, case and accents aside', () => {
    expect(['bob', 'Zoë', 'Émile', 'alice', 'Emma'].sort(byName)).toEqual([
      'alice',
      'bob',
      'Émile',
      'Emma',
      'Zoë',
    ]);
    expect(byName('Ann', 'ann')).toBe(0);
  });
});

describe('byNameField', () => {
  it('orders records by name the same way, whatever order Postgres sent them in', () => {
    const fromServer = [{ name: 'Zed' }, { name: 'apple' }, { name: 'Bug' }];
    expect(fromServer.sort(byNameField).map((l) => l.name)).toEqual(['apple', 'Bug', 'Zed']);
  });
});
