import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { env, serviceClient } from '../../tests/helpers.ts';
import { createWorld, type World } from '../../tests/world.ts';
import { importTrello } from './import-trello.ts';

const fixture = () =>
  JSON.parse(readFileSync(new URL('../../../shared/src/trello/trello-board.json', import.meta.url), 'utf8'));

/** The workspace's board names, read with the service role (what exists, whoever can see it). */
async function boardNames(world: World): Promise<string[]> {
  const { data } = await serviceClient().from('boards').select('name').eq('workspace_id', world.workspaceId);
  return (data ?? []).map((b) => b.name).sort();
}

const BOARD = `name, description, created_by,
  columns(name, is_done, position),
  labels(id, name, color),
  tasks(id, number, title, description, due_on, archived_at, completed_at, created_by, column_id, position,
    task_labels(label_id), checklist_items(checklist, body, done, position, created_by),
    comments(body, author_id, created_at))`;

describe('importTrello', () => {
  it('an admin imports the sample board: every field mapped, the report says what was skipped', async () => {
    const world = await createWorld();
    const admin = await world.join('admin', 'Ada Admin');
    const { boardId, report } = await importTrello(admin.client, {
      workspaceId: world.workspaceId,
      export: fixture(),
    });
    expect(report.found).toMatchObject({ lists: 4, closedLists: 1, cards: 6, comments: 2 });
    expect(report.skipped).toMatchObject({ attachments: 1, members: 2, customFields: 1, powerUps: 1 });

    const { data: board, error } = await admin.client.from('boards').select(BOARD).eq('id', boardId).single();
    expect(error).toBeNull();
    if (!board) throw new Error('no board');
    expect(board).toMatchObject({
      name: 'Website relaunch',
      description: 'Everything for the new marketing site.',
      created_by: admin.id,
    });
    const columns = [...board.columns].sort((a, b) => (a.position < b.position ? -1 : 1));
    expect(columns.map((c) => [c.name, c.is_done])).toEqual([
      ['Backlog', false],
      ['In progress', false],
      ['Review', false],
      ['Done', true],
    ]);
    expect(board.labels.map((l) => [l.name, l.color]).sort()).toEqual([
      ['Copy', 'red'],
      ['Design', 'yellow'],
      ['Sky', 'teal'],
      ['Urgent', 'red'],
    ]);
    const labelName = new Map(board.labels.map((l) => [l.id, l.name]));
    const byTitle = new Map(board.tasks.map((t) => [t.title, t]));
    expect(board.tasks).toHaveLength(6);

    const hero = byTitle.get('Design the hero section');
    expect(hero).toMatchObject({
      description: 'Big photo, **one** line of copy.',
      due_on: '2026-12-03',
      archived_at: null,
      completed_at: null,
      created_by: admin.id,
    });
    expect(hero?.task_labels.map((l) => labelName.get(l.label_id)).sort()).toEqual(['Design', 'Sky']);
    const items = [...(hero?.checklist_items ?? [])].sort((a, b) => (a.position < b.position ? -1 : 1));
    expect(items.map((i) => [i.checklist, i.body, i.done, i.created_by])).toEqual([
      ['Assets', 'Brief the photographer', true, admin.id],
      ['Assets', 'Pick the photo', false, admin.id],
    ]);
    const comments = [...(hero?.comments ?? [])].sort((a, b) => (a.created_at < b.created_at ? -1 : 1));
    expect(comments.map((c) => [c.body, c.author_id])).toEqual([
      ['Originally by Jane Doe on 2024-03-01:\n\nFirst draft attached.', admin.id],
      ['Originally by Sam Lee on 2024-03-02:\n\nLooks great, ship it.', admin.id],
    ]);

    // Complete in Trello: done, in the Done column. Archived card, and the card of the archived list.
    const done = columns.find((c) => c.name === 'Done');
    const domain = byTitle.get('Buy the domain');
    expect(domain?.completed_at).not.toBeNull();
    expect(board.columns.find((c) => c.is_done)?.position).toBe(done?.position);
    expect(byTitle.get('Old logo ideas')?.archived_at).not.toBeNull();
    expect(byTitle.get('A mascot?')?.archived_at).not.toBeNull();
    expect(byTitle.get('Write the pricing page')?.archived_at).toBeNull();
    // Numbers follow the board's order: Backlog's cards first, in Trello's position order.
    const backlog = board.tasks.filter(
      (t) => t.column_id === byTitle.get('Write the pricing page')?.column_id,
    );
    expect(backlog.sort((a, b) => a.number - b.number).map((t) => t.title)).toEqual([
      'A mascot?',
      'Write the pricing page',
      'Old logo ideas',
    ]);
    expect(backlog.map((t) => t.position)).toEqual([...backlog.map((t) => t.position)].sort());
    // The card faces' counts came with the rows.
    const { data: counts } = await admin.client
      .from('tasks')
      .select('comment_count, checklist_total, checklist_done')
      .eq('id', hero?.id ?? '')
      .single();
    expect(counts).toEqual({ comment_count: 2, checklist_total: 2, checklist_done: 1 });
  });

  it('refuses members and viewers, and strangers see no workspace; nothing is created', async () => {
    const world = await createWorld();
    const member = await world.join('member');
    const viewer = await world.join('viewer');
    const input = { workspaceId: world.workspaceId, export: fixture() };
    await expect(importTrello(member.client, input)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(importTrello(viewer.client, input)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const stranger = (await createWorld()).owner;
    await expect(importTrello(stranger.client, input)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await boardNames(world)).toEqual(['Launch']);
  });

  it('refuses malformed JSON, another tool’s JSON and boards over a limit, naming why; nothing is created', async () => {
    const world = await createWorld();
    const client = world.owner.client;
    const { data: session } = await client.auth.getSession();
    const raw = await fetch(`${env().apiUrl}/functions/v1/import-trello`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${session.session?.access_token}`,
        apikey: env().anonKey,
        'Content-Type': 'application/json',
      },
      body: `{"workspaceId":"${world.workspaceId}","export":{"lists":[`,
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ error: { code: 'VALIDATION', field: 'file' } });

    // Over 10 MB: refused by the function before it reads the export.
    const huge = await fetch(`${env().apiUrl}/functions/v1/import-trello`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${session.session?.access_token}`,
        apikey: env().anonKey,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        workspaceId: world.workspaceId,
        export: { name: 'x'.repeat(10 * 1024 * 1024 + 2048) },
      }),
    });
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({
      error: { code: 'VALIDATION', message: expect.stringMatching(/over 10 MB/) },
    });

    const jira = { workspaceId: world.workspaceId, export: { issues: [{ key: 'X-1' }], projects: [] } };
    await expect(importTrello(client, jira)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/not a Trello board export/),
    });

    const wide = fixture();
    wide.lists = Array.from({ length: 21 }, (_, i) => ({ id: `l${i}`, name: `List ${i}`, pos: i }));
    await expect(
      importTrello(client, { workspaceId: world.workspaceId, export: wide }),
    ).rejects.toMatchObject({
      code: 'LIMIT_REACHED',
      message: expect.stringMatching(/columns; a Lanes board has at most 20/),
    });

    // 50 boards already: refused before anything is written.
    const more = Array.from({ length: 49 }, (_, i) => ({ workspace_id: world.workspaceId, name: `B${i}` }));
    expect((await serviceClient().from('boards').insert(more)).error).toBeNull();
    await expect(
      importTrello(client, { workspaceId: world.workspaceId, export: fixture() }),
    ).rejects.toMatchObject({ code: 'LIMIT_REACHED', message: expect.stringMatching(/50 boards/) });
    expect(await boardNames(world)).toHaveLength(50);
    expect(await boardNames(world)).not.toContain('Website relaunch');
  });

  it('is all or nothing: a row refused late in the import leaves no board, and users cannot call the SQL', async () => {
    const world = await createWorld();
    const task = (title: string, checklist: { checklist: string; body: string; done: boolean }[] = []) => ({
      column: 0,
      title,
      description: '',
      dueOn: null,
      archived: false,
      labels: [0],
      checklist,
      comments: ['Hello'],
    });
    const board = {
      board: { name: 'Half', description: '' },
      columns: [{ name: 'One', isDone: false }],
      labels: [{ name: 'L', color: 'green' }],
      // The last task's checklist item breaks the 200-character rule, after everything else went in.
      tasks: [
        task('A'),
        task('B'),
        task('C', [{ checklist: 'Checklist', body: 'x'.repeat(201), done: false }]),
      ],
    };
    const args = { user_id: world.owner.id, workspace_id: world.workspaceId, board };
    const failed = await serviceClient().rpc('import_trello_board', args);
    expect(failed.error?.code).toBe('23514');
    expect(await boardNames(world)).toEqual(['Launch']);
    const { count } = await serviceClient()
      .from('tasks')
      .select('id', { count: 'exact', head: true })
      .in('title', ['A', 'B', 'C'])
      .eq('created_by', world.owner.id);
    expect(count).toBe(0);

    const direct = await world.owner.client.rpc('import_trello_board', args);
    expect(direct.error?.code).toBe('42501');
    board.tasks.pop();
    const ok = await serviceClient().rpc('import_trello_board', args);
    expect(ok.error).toBeNull();
    expect(await boardNames(world)).toEqual(['Half', 'Launch']);
  });
});
