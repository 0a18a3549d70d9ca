import { describe, expect, it } from 'vitest';
import { describeDrift, findDrift } from './drift.ts';

const file = {
  version: '20261121130000',
  name: 'profiles',
  file: '20261121130000_profiles.sql',
  sql: '-- profiles\ncreate table public.profiles (id uuid);\n\nalter table public.profiles enable row level security;\n',
};
// As the CLI records it: split on top-level `;`, which it drops, each statement trimmed.
const recorded = [
  '-- profiles\ncreate table public.profiles (id uuid)',
  'alter table public.profiles enable row level security',
];

describe('findDrift', () => {
  it('accepts an applied migration that reads as it did, whitespace aside', () => {
    expect(findDrift([file], [{ version: file.version, name: 'profiles', statements: recorded }])).toEqual({
      edited: [],
      unknown: [],
    });
  });

  it('names an applied migration whose file changed since, comments included', () => {
    const edited = { ...file, sql: file.sql.replace('-- profiles', '-- user profiles') };
    const drift = findDrift([edited], [{ version: file.version, name: 'profiles', statements: recorded }]);
    expect(drift.edited).toEqual([edited]);
    expect(describeDrift(drift)).toContain(
      'supabase/migrations/20261121130000_profiles.sql was edited after the target applied it',
    );
  });

  it('names an applied migration with no local file, and ignores ones not applied yet', () => {
    const drift = findDrift([file], [{ version: '20250101000000', name: 'gone', statements: ['select 1'] }]);
    expect(drift.unknown.map((m) => m.version)).toEqual(['20250101000000']);
    expect(drift.edited).toEqual([]);
  });
});
