import type { BoardExport } from '@lanes/data/boards/export-board';
import { describe, expect, it } from 'vitest';
import { boardCsv, csvCell } from './board-csv.ts';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(12)).toBe('12');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-x')).toBe("'-x");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });
});

describe('boardCsv', () => {
  it('starts with a byte order mark and a header row, one CRLF line per task', () => {
    const data: BoardExport = {
      board: { id: 'b', workspaceId: 'w', name: 'B', description: '', archivedAt: null, createdAt: 'c' },
      columns: [{ name: 'To do', isDone: false, wipLimit: null }],
      labels: [],
      tasks: [
        {
          number: 1,
          title: 'Crème brûlée, "best"',
          description: 'multi\nline',
          column: 'To do',
          labels: ['A', 'B'],
          assignee: null,
          dueOn: '2026-12-03',
          priority: 'none',
          completedAt: null,
          archivedAt: null,
          createdAt: '2026-11-26T10:00:00+00:00',
          updatedAt: '2026-11-26T10:00:00+00:00',
          checklist: [{ checklist: 'C', body: 'x', done: true }],
          comments: [],
        },
      ],
    };
    const csv = boardCsv(data);
    expect(csv.startsWith('\uFEFFNumber,Title,Column,Labels,')).toBe(true);
    expect(csv.split('\r\n')[1]).toBe(
      '1,"Crème brûlée, ""best""",To do,"A, B",,2026-12-03,none,,,"multi\nline",1,1,0,2026-11-26T10:00:00+00:00,2026-11-26T10:00:00+00:00',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
