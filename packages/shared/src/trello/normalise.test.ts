import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normaliseTrelloExport, readTrelloFile } from './normalise.ts';

const fixture = () => JSON.parse(readFileSync(new URL('./trello-board.json', import.meta.url), 'utf8'));

describe('normaliseTrelloExport', () => {
  it('maps the sample board: open lists, done column, labels, checklists, comments and the report', () => {
    const { rows, report } = normaliseTrelloExport(fixture());
    expect(rows.board).toEqual({
      name: 'Website relaunch',
      description: 'Everything for the new marketing site.',
    });
    expect(rows.columns).toEqual([
      { name: 'Backlog', isDone: false },
      { name: 'In progress', isDone: false },
      { name: 'Review', isDone: false },
      { name: 'Done', isDone: true },
    ]);
    expect(rows.labels).toEqual([
      { name: 'Design', color: 'yellow' },
      { name: 'Urgent', color: 'red' },
      { name: 'Sky', color: 'teal' },
      { name: 'Copy', color: 'red' },
    ]);
    expect(rows.tasks.map((t) => [t.column, t.title, t.archived])).toEqual([
      [0, 'A mascot?', true],
      [0, 'Write the pricing page', false],
      [0, 'Old logo ideas', true],
      [1, 'Design the hero section', false],
      [2, 'Review the homepage copy', false],
      [3, 'Buy the domain', false],
    ]);
    const hero = rows.tasks.find((t) => t.title === 'Design the hero section');
    expect(hero).toMatchObject({
      dueOn: '2026-12-03',
      labels: [0, 2],
      description: 'Big photo, **one** line of copy.',
    });
    expect(hero?.checklist).toEqual([
      { checklist: 'Assets', body: 'Brief the photographer', done: true },
      { checklist: 'Assets', body: 'Pick the photo', done: false },
    ]);
    expect(hero?.comments).toEqual([
      'Originally by Jane Doe on 2024-03-01:\n\nFirst draft attached.',
      'Originally by Sam Lee on 2024-03-02:\n\nLooks great, ship it.',
    ]);
    expect(report.found).toEqual({
      lists: 4,
      closedLists: 1,
      cards: 6,
      archivedCards: 2,
      labels: 4,
      checklists: 1,
      checklistItems: 2,
      comments: 2,
    });
    expect(report.skipped).toEqual({
      attachments: 1,
      members: 2,
      cardMembers: 1,
      customFields: 1,
      powerUps: 1,
      otherActions: 1,
    });
  });

  it('shortens long fields and says so', () => {
    const data = fixture();
    data.cards[0].name = `  ${'t'.repeat(250)}  `;
    data.cards[0].desc = 'd'.repeat(20_100);
    data.actions[0].data.text = 'c'.repeat(6000);
    const { rows, report } = normaliseTrelloExport(data);
    const hero = rows.tasks.find((t) => t.title.startsWith('ttt'));
    expect(hero?.title).toHaveLength(200);
    expect(hero?.description).toHaveLength(20_000);
    expect(hero?.comments[1]).toHaveLength(5000);
    expect(report.notes).toEqual(
      expect.arrayContaining([
        '1 card title shortened to fit.',
        '1 description shortened to fit.',
        '1 comment shortened to fit.',
      ]),
    );
  });

  it('refuses what is not a Trello export, and boards over the limits, naming why', () => {
    expect(() => readTrelloFile('{ nope')).toThrow(/not JSON/);
    expect(() => normaliseTrelloExport({ issues: [] })).toThrow(/not a Trello board export/);
    expect(() => normaliseTrelloExport([1, 2])).toThrow(/not a Trello board export/);
    const wide = fixture();
    wide.lists = Array.from({ length: 21 }, (_, i) => ({
      id: `l${i}`,
      name: `L${i}`,
      closed: false,
      pos: i,
    }));
    expect(() => normaliseTrelloExport(wide)).toThrow(/at most 20/);
    const labelled = fixture();
    labelled.labels = Array.from({ length: 31 }, (_, i) => ({ id: `x${i}`, name: `X${i}`, color: 'green' }));
    expect(() => normaliseTrelloExport(labelled)).toThrow(/at most 30/);
    expect(() => readTrelloFile(`"${'x'.repeat(10 * 1024 * 1024)}"`)).toThrow(/over 10 MB/);
    const long = fixture();
    long.checklists[0].checkItems = Array.from({ length: 101 }, (_, i) => ({
      id: `i${i}`,
      name: `I${i}`,
      pos: i,
    }));
    expect(() => normaliseTrelloExport(long)).toThrow(/101 checklist items; a Lanes task has at most 100/);
    const big = fixture();
    big.cards = Array.from({ length: 5001 }, (_, i) => ({
      id: `c${i}`,
      name: `C${i}`,
      idList: 'list-backlog',
    }));
    expect(() => normaliseTrelloExport(big)).toThrow(/at most 5000/);
  });

  it('imports what it understands of an export with unknown fields', () => {
    const data = fixture();
    data.futureThing = { nested: true };
    data.cards[1].cover = { color: 'pink' };
    data.actions.push({ type: 'commentCard', date: 'x' });
    expect(normaliseTrelloExport(data).rows.tasks).toHaveLength(6);
  });
});
