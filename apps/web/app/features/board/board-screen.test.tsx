import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PublicEnvContext } from '../../lib/public-env.ts';
import type { BoardModel } from './board-model.ts';
import { BoardScreen } from './board-screen.tsx';
import { NO_FILTER } from './filters.ts';

const TODO = '00000000-0000-4000-8000-00000000000a';
const ALICE = '00000000-0000-4000-8000-0000000000a1';
const BUG = '00000000-0000-4000-8000-0000000000b1';
const env = { SUPABASE_URL: 'http://127.0.0.1:54321', SUPABASE_ANON_KEY: 'anon' };

const model: BoardModel = {
  columns: [{ id: TODO, name: 'To do', position: 'V', wipLimit: 2, isDone: false }],
  tasks: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      columnId: TODO,
      number: 12,
      title: 'Ship the board',
      position: 'V',
      assigneeId: ALICE,
      dueOn: '2001-01-02',
      priority: 'urgent',
      labelIds: [BUG],
      updatedAt: '2026-11-21T10:00:00Z',
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      columnId: TODO,
      number: 13,
      title: 'Write the notes',
      position: 'W',
      assigneeId: null,
      dueOn: null,
      priority: 'none',
      labelIds: [],
      updatedAt: '2026-11-21T10:00:00Z',
    },
  ],
  labels: [{ id: BUG, name: 'Bug', color: 'red' }],
  profiles: { [ALICE]: { name: 'Alice Owner', avatarPath: null } },
  stale: false,
};

function render(canEdit: boolean, filter = NO_FILTER) {
  return renderToStaticMarkup(
    <PublicEnvContext.Provider value={env}>
      <BoardScreen
        boardId="00000000-0000-4000-8000-000000000099"
        initial={model}
        canEdit={canEdit}
        me={{ userId: ALICE, displayName: 'Alice Owner', avatarPath: null }}
        initialFilter={filter}
        boardPath="/w/acme/b/00000000-0000-4000-8000-000000000099"
        onOpenTask={() => undefined}
      />
    </PublicEnvContext.Provider>,
  );
}

describe('BoardScreen (server render)', () => {
  it('draws a card with its title, number, assignee, overdue date, priority and label dots only', () => {
    const html = render(true);
    expect(html).toContain('<ol class="lanes" aria-label="Columns">');
    expect(html).toContain('Ship the board');
    expect(html).toContain('<span class="lane-card-number">#12</span>');
    expect(html).toContain('aria-label="Alice Owner"');
    expect(html).toMatch(/<time dateTime="2001-01-02" class="due is-overdue">.*Jan 2, 2001<\/time>/);
    expect(html).toContain('priority priority-urgent');
    expect(html).toContain('class="label-dot label-red" title="Bug"');
    // A card without assignee, date, priority or labels shows its number and nothing more.
    expect(html).toContain(
      'Write the notes</span><div class="lane-card-meta"><span class="lane-card-number">#13</span></div>',
    );
    // 2 cards against a WIP limit of 2.
    expect(html).toContain('2 / 2');
    // Each card is a link to its panel under the board's URL.
    expect(html).toContain(
      'href="/w/acme/b/00000000-0000-4000-8000-000000000099/t/00000000-0000-4000-8000-000000000001"',
    );
  });

  it('gives members handles and add fields, and viewers none of them', () => {
    const member = render(true);
    expect(member).toContain('aria-roledescription="task card"');
    expect(member).toContain('aria-label="Move column To do"');
    expect(member).toContain('New task in To do');
    expect(member).toContain('aria-label="Add column"');

    const viewer = render(false);
    expect(viewer).not.toContain('role="button"');
    expect(viewer).not.toContain('Move column');
    expect(viewer).not.toContain('New task in');
    expect(viewer).toContain('Your role does not allow changes.');
  });

  it('renders the filter from the URL: only matching cards, with a note in an emptied column', () => {
    const html = render(true, { ...NO_FILTER, text: 'notes' });
    expect(html).toContain('Write the notes');
    expect(html).not.toContain('Ship the board');
    expect(render(true, { ...NO_FILTER, text: 'nothing like it' })).toContain('No matching tasks.');
  });
});
