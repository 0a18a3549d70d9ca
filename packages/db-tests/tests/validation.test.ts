/**
 * SPEC §5 mirrored in the database: each rule is a named CHECK constraint (decision 060), so raw
 * writes that skip the forms are refused with SQLSTATE 23514 and the constraint's name.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createTasks, createWorkspace, db, tokenHash, type Workspace } from './support/db.ts';

let ws: Workspace & { owner: { id: string } };
let task: string;

beforeAll(async () => {
  ws = await createWorkspace({});
  [task] = (await createTasks(ws, ws.todo, 1)) as [string];
});

type Write = (value: unknown) => Promise<unknown>;
const writes: Record<string, Write> = {
  profile: (v) => db`update public.profiles set display_name = ${v as string} where id = ${ws.owner.id}`,
  avatar: (v) => db`update public.profiles set avatar_path = ${v as string} where id = ${ws.owner.id}`,
  workspaceName: (v) => db`update public.workspaces set name = ${v as string} where id = ${ws.id}`,
  slug: (v) => db`update public.workspaces set slug = ${v as string} where id = ${ws.id}`,
  inviteEmail: (v) =>
    db`insert into public.invitations (workspace_id, email, token_hash) values (${ws.id}, ${v as string}, ${tokenHash()})`,
  tokenHash: (v) =>
    db`insert into public.invitations (workspace_id, email, token_hash) values (${ws.id}, 'x@example.com', ${v as string})`,
  boardName: (v) => db`update public.boards set name = ${v as string} where id = ${ws.board}`,
  boardDescription: (v) => db`update public.boards set description = ${v as string} where id = ${ws.board}`,
  columnName: (v) => db`update public.columns set name = ${v as string} where id = ${ws.todo}`,
  wipLimit: (v) => db`update public.columns set wip_limit = ${v as number} where id = ${ws.todo}`,
  columnPosition: (v) => db`update public.columns set position = ${v as string} where id = ${ws.todo}`,
  labelName: (v) => db`insert into public.labels (board_id, name) values (${ws.board}, ${v as string})`,
  labelColor: (v) =>
    db`insert into public.labels (board_id, name, color) values (${ws.board}, 'Label', ${v as string})`,
  taskTitle: (v) => db`update public.tasks set title = ${v as string} where id = ${task}`,
  taskDescription: (v) => db`update public.tasks set description = ${v as string} where id = ${task}`,
  dueOn: (v) => db`update public.tasks set due_on = ${v as string} where id = ${task}`,
  comment: (v) => db`insert into public.comments (task_id, body) values (${task}, ${v as string})`,
  fileName: (v) => attachment({ file_name: v }),
  fileSize: (v) => attachment({ size_bytes: v }),
  mimeType: (v) => attachment({ mime_type: v }),
  dimensions: (v) => attachment({ width: v }),
  activityKind: (v) => db`insert into public.activity (workspace_id, kind) values (${ws.id}, ${v as string})`,
};

function attachment(overrides: Record<string, unknown>) {
  const row = {
    task_id: task,
    object_path: `${ws.id}/${task}/${crypto.randomUUID()}/file.txt`,
    file_name: 'file.txt',
    mime_type: 'text/plain',
    size_bytes: 1,
    width: null,
    ...overrides,
  };
  return db`insert into public.attachments ${db(row as unknown as Record<string, string>)}`;
}

const cases: [keyof typeof writes, string, unknown[]][] = [
  ['profile', 'profiles_display_name_length', ['', ' Alice', 'Alice ', 'x'.repeat(61)]],
  ['avatar', 'profiles_avatar_path_folder', ['someone-else/a.png']],
  ['workspaceName', 'workspaces_name_length', ['', ' Acme', 'x'.repeat(65)]],
  ['slug', 'workspaces_slug_length', ['ab', 'a'.repeat(41)]],
  ['slug', 'workspaces_slug_format', ['Acme', '-acme', 'acme-', 'ac_me', 'ac me']],
  ['slug', 'workspaces_slug_reserved', ['new', 'settings', 'api', 'admin', 'auth', 'invite', 'account']],
  [
    'inviteEmail',
    'invitations_email_format',
    ['Carol@Example.com', 'no-at-sign', 'a@b', `${'x'.repeat(250)}@x.io`],
  ],
  ['tokenHash', 'invitations_token_hash_format', ['raw-token', 'A'.repeat(64)]],
  ['boardName', 'boards_name_length', ['', 'x'.repeat(81)]],
  ['boardDescription', 'boards_description_length', ['x'.repeat(2001)]],
  ['columnName', 'columns_name_length', ['', 'x'.repeat(41)]],
  ['wipLimit', 'columns_wip_limit_range', [0, 1000]],
  ['columnPosition', 'position_key_format', ['a0', 'a-b', '']],
  ['labelName', 'labels_name_length', ['', 'x'.repeat(25)]],
  ['labelColor', 'labels_color_palette', ['pink', 'Red']],
  ['taskTitle', 'tasks_title_length', ['', '  ', ' Title', 'x'.repeat(201)]],
  ['taskDescription', 'tasks_description_length', ['x'.repeat(20001)]],
  ['dueOn', 'tasks_due_on_range', ['1999-12-31', '2101-01-01']],
  ['comment', 'comments_body_length', ['', ' hi', 'x'.repeat(5001)]],
  ['fileName', 'attachments_file_name_format', ['', 'a/b.txt', 'a\\b.txt', 'tab\there.txt', 'x'.repeat(201)]],
  ['fileSize', 'attachments_size_bytes_range', [10 * 1024 * 1024 + 1, -1]],
  ['mimeType', 'attachments_mime_type_format', ['', 'not a type']],
  ['dimensions', 'attachments_dimensions_positive', [0]],
  ['activityKind', 'activity_kind_known', ['task_exploded']],
];

describe.each(cases)('%s is refused by %s', (write, constraint, values) => {
  test.each(values.map((v) => [JSON.stringify(v).slice(0, 40), v]))('%s', async (_label, value) => {
    await expect(writes[write]!(value)).rejects.toMatchObject({ code: '23514', constraint_name: constraint });
  });
});

describe('the limits of the rules are allowed', () => {
  test('the longest and smallest valid values are accepted', async () => {
    await writes.profile!('x'.repeat(60));
    await writes.workspaceName!('x'.repeat(64));
    await writes.taskTitle!('x'.repeat(200));
    await writes.dueOn!('2100-12-31');
    await writes.wipLimit!(999);
    await writes.comment!('x'.repeat(5000));
    await writes.fileName!(`${'x'.repeat(196)}.pdf`);
    await writes.fileSize!(10 * 1024 * 1024);
    const [row] = await db`select title, due_on from public.tasks where id = ${task}`;
    expect(row!.title).toHaveLength(200);
  });
});
