/**
 * Where the Supabase CLI's parser cuts a file, quirks included (decision 176); tests/migration-push
 * checks the same against the CLI itself.
 */
import { describe, expect, it } from 'vitest';
import { splitStatements } from './split.ts';

describe('splitStatements', () => {
  it('cuts at top-level semicolons, trims, and keeps leading comments', () => {
    expect(splitStatements('select 1;\n-- next\nselect 2 ;;\n\n')).toEqual(['select 1', '-- next\nselect 2']);
  });

  it('does not cut inside quotes, dollar quotes, comments or after a backslash', () => {
    const sql = [
      "select ';'';' as a",
      'select "x;y" from t',
      'select $tag$ ; $tag$',
      'select /* ; /* ; */ ; */ 1',
      'select 1 -- ;\n + 1',
      'select \\; 2',
    ];
    expect(splitStatements(sql.join(';\n'))).toEqual(sql);
  });

  it('keeps parentheses and BEGIN ATOMIC bodies whole', () => {
    const rule = 'create rule r as on update to t do also (notify t; select 1)';
    const fn = 'create function f() returns int language sql begin atomic select 1; select 2; end';
    expect(splitStatements(`${rule};\n${fn};\nselect 3`)).toEqual([rule, fn, 'select 3']);
  });

  it('follows the CLI where it differs from Postgres', () => {
    // A body ends at the tail of a word ending in END; a closing parenthesis closes every open one.
    expect(splitStatements('create function f() begin atomic select append; select 2; end')).toEqual([
      'create function f() begin atomic select append',
      'select 2',
      'end',
    ]);
    expect(splitStatements('select ((1); 2)')).toEqual(['select ((1)', '2)']);
    // ATOMIC as the end of a longer word, or without BEGIN before it, opens no body.
    expect(splitStatements('select nonatomic; select 2')).toEqual(['select nonatomic', 'select 2']);
    // Backslash escapes inside E'' strings are not known to the CLI: the quote ends at \'.
    expect(splitStatements("select E'it\\'s; x'")).toEqual(["select E'it\\'s", "x'"]);
  });

  it('returns nothing for an empty or blank file', () => {
    expect(splitStatements('')).toEqual([]);
    expect(splitStatements(' \n;\n ')).toEqual([]);
  });
});
