import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PublicEnvContext } from '#app/lib/public-env.ts';
import type { BoardModel } from '../model/board-model.ts';
import { NO_FILTER } from '../model/filters.ts';
import { BoardScreen } from './board-screen.tsx';

const TODO = '00000000-0000-4000-8000-00000000000a';
const DONE = '00000000-0000-4000-8000-00000000000d';
const ALICE = '00000000-0000-4000-8000-0000000000a1';
const BUG = '00000000-0000-4000-8000-0000000000b1';
const env = { SUPABASE_URL: 'http://127.0.0.1:54321', SUPABASE_ANON_KEY: 'anon' };

const model: BoardModel = {
  columns: [
    { id: TODO, name: 'To do', position: 'V', wipLimit: 2, isDone: false },
    { id: DONE, name: 'Done', position: 'W', wipLimit: null, isDone: true },
  ],
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
      comments: 3,
      attachments: 1,
      checklist: { done: 1, total: 2 },
      cover: '00000000-0000-4000-8000-0000000000c0',
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
    {
      id: '00000000-0000-4000-8000-000000000003',
      columnId: DONE,
      number: 14,
      title: 'Finished late',
      position: 'V',
      assigneeId: null,
      dueOn: '2001-01-03',
      priority: 'none',
      labelIds: [],
      updatedAt: '2026-11-21T10:00:00Z',
      done: true,
      checklist: { done: 2, total: 2 },
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
  it('draws a card with its title, number, assignee, overdue date, priority, labels and counts', () => {
    const html = render(true);
    expect(html).toContain('<ol class="lanes" aria-label="Columns">');
    expect(html).toContain('Ship the board');
    expect(html).toContain('<span class="lane-card-number">#12</span>');
    expect(html).toContain('aria-label="Alice Owner"');
    expect(html).toMatch(/<time dateTime="2001-01-02" class="due is-overdue">.*Jan 2, 2001<\/time>/);
    expect(html).toContain('priority priority-urgent');
    // A label by its name beside its colour (decision 185).
    expect(html).toContain(
      '<li class="lane-card-label"><span class="label-dot label-red" aria-hidden="true"></span>Bug</li>',
    );
    expect(html).toContain('3<span class="visually-hidden"> comments</span>');
    expect(html).toContain('1<span class="visually-hidden"> attachment</span>');
    expect(html).toContain('<span class="visually-hidden">Checklist </span>1/2');
    // A card without assignee, date, priority or labels shows its number and nothing more.
    expect(html).toContain(
      'Write the notes</span><div class="lane-card-meta"><span class="lane-card-number">#13</span></div>',
    );
    // A done card keeps its date, never as overdue; a finished checklist says so.
    expect(html).toMatch(
      /<time dateTime="2001-01-03" class="due"><svg class="icon"[^>]*aria-hidden="true".*?<\/svg><span class="visually-hidden">Was due <\/span>Jan 3, 2001<\/time>/,
    );
    expect(html).toContain('lane-card-count is-complete');
    // 2 cards against a WIP limit of 2.
    expect(html).toContain('2 / 2');
    // Each card is a link to its panel under the board's URL.
    expect(html).toContain(
      'href="/w/acme/b/00000000-0000-4000-8000-000000000099/t/00000000-0000-4000-8000-000000000001"',
    );
    // The cover through the task's file route at both thumbnail widths, in a fixed box, lazy, alt="".
    const cover =
      '/w/acme/b/00000000-0000-4000-8000-000000000099/t/00000000-0000-4000-8000-000000000001/files/00000000-0000-4000-8000-0000000000c0';
    expect(html).toContain(
      `<img class="lane-card-cover" src="${cover}?w=320" srcSet="${cover}?w=320 320w, ${cover}?w=640 640w" sizes="(max-width: 600px) 84vw, 256px" width="256" height="144" alt="" loading="lazy" decoding="async" draggable="false"/>`,
    );
    expect(html.match(/lane-card-cover/g)).toHaveLength(1);
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
