import { describe, expect, it } from 'vitest';
import { matchRank, type PaletteSource, paletteOptions } from './palette-model.ts';

const B1 = '00000000-0000-4000-8000-000000000001';
const B2 = '00000000-0000-4000-8000-000000000002';
const P1 = '00000000-0000-4000-8000-0000000000a1';
const T1 = '00000000-0000-4000-8000-0000000000f1';

function source(extra: Partial<PaletteSource> = {}): PaletteSource {
  return {
    workspace: { slug: 'acme', name: 'Acme' },
    boardId: B1,
    canCreateTask: true,
    canCreateBoard: true,
    theme: 'system',
    boards: [
      { id: B1, name: 'Roadmap' },
      { id: B2, name: 'Marketing road trip' },
    ],
    workspaces: [],
    people: [{ id: P1, name: 'Zoë Road' }],
    tasks: [],
    ...extra,
  };
}

describe('matchRank', () => {
  it('prefers a start, then a word start, then any place; folds case and accents', () => {
    expect(matchRank('Roadmap', 'road')).toBe(0);
    expect(matchRank('Marketing road trip', 'ROAD')).toBe(1);
    expect(matchRank('Railroads', 'road')).toBe(2);
    expect(matchRank('Café menu', 'cafe m')).toBe(0);
    expect(matchRank('Roadmap', 'sea')).toBeNull();
  });
});

describe('paletteOptions', () => {
  it('lists boards, people and actions for an empty query, and no tasks', () => {
    const groups = paletteOptions(source(), '').map((o) => o.group);
    expect(groups).toContain('Boards');
    expect(groups).toContain('People');
    expect(groups).toContain('Actions');
    expect(groups).not.toContain('Tasks');
  });

  it('ranks matches within a group and keeps the groups in order', () => {
    const found = paletteOptions(
      source({
        tasks: [{ id: T1, boardId: B2, boardName: 'Marketing road trip', number: 7, title: 'Road signs' }],
      }),
      'road',
    );
    expect(found.map((o) => o.label)).toEqual(['Roadmap', 'Marketing road trip', 'Road signs', 'Zoë Road']);
    expect(found[2]).toMatchObject({
      hint: '#7 · Marketing road trip',
      run: { kind: 'go', to: `/w/acme/b/${B2}/t/${T1}` },
    });
    expect(found[3]?.run).toEqual({ kind: 'go', to: `/w/acme/b/${B1}?assignee=${P1}` });
  });

  it('offers a new task only on a board the user can change, and the other two themes', () => {
    const labels = (s: PaletteSource) => paletteOptions(s, '').map((o) => o.label);
    expect(labels(source())).toContain('New task here');
    expect(labels(source({ canCreateTask: false }))).not.toContain('New task here');
    expect(labels(source({ boardId: null }))).not.toContain('New task here');
    expect(labels(source({ theme: 'dark' }))).toEqual(
      expect.arrayContaining(['Theme: light', 'Theme: system']),
    );
    expect(labels(source({ theme: 'dark' }))).not.toContain('Theme: dark');
  });

  it('outside a workspace lists workspaces and the actions that need none', () => {
    const found = paletteOptions(
      source({ workspace: null, boardId: null, workspaces: [{ slug: 'acme', name: 'Acme' }] }),
      '',
    );
    expect(found[0]).toMatchObject({ group: 'Workspaces', run: { kind: 'go', to: '/w/acme' } });
    expect(found.map((o) => o.label)).not.toContain('Workspace settings');
    expect(found.map((o) => o.label)).toContain('Inbox');
  });

  it('finds nothing for a query nothing matches', () => {
    expect(paletteOptions(source(), 'qqqq')).toEqual([]);
  });
});
