import { describe, expect, it } from 'vitest';
import { readSearchParams, toSearchInput } from './search-params.ts';

const ws = '00000000-0000-4000-8000-000000000001';

describe('search params', () => {
  it('reads an empty URL as a search with no filters that leaves archived cards out', () => {
    const p = readSearchParams(new URL('http://x/w/a/search'));
    expect(toSearchInput(ws, p)).toEqual({
      workspaceId: ws,
      q: '',
      boardId: null,
      assigneeId: null,
      labelId: null,
      done: null,
      archived: false,
    });
  });

  it('maps status and archived, and keeps the words as typed', () => {
    const p = readSearchParams(new URL('http://x/?q=%20a%20%22b%22&status=done&archived=include&board=b1'));
    expect(toSearchInput(ws, p)).toMatchObject({ q: ' a "b"', done: true, archived: null, boardId: 'b1' });
    expect(toSearchInput(ws, { ...p, status: 'open', archived: 'only' })).toMatchObject({
      done: false,
      archived: true,
    });
    expect(toSearchInput(ws, { ...p, status: 'weird', archived: 'weird' })).toMatchObject({
      done: null,
      archived: false,
    });
  });
});
