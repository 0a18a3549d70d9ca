/**
 * SPEC §6, row by row: each of Acme's owner, admin, member and viewer, and an outsider, tries each
 * action as PostgREST would run it (role `authenticated`, their JWT claims); every attempt is
 * rolled back.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  acme,
  alice,
  asUser,
  bob,
  carol,
  createUser,
  dave,
  db,
  seededTask,
  tokenHash,
  type User,
} from './support/db.ts';
import { only, outcomes } from './support/outcome.ts';

let task: string;
let emptyColumn: string;
let frank: User; // another member: whose comments and files are "someone else's"
let olga: User; // a second owner, so the owner may leave and owners can be removed
const own: Record<string, { comment: string; attachment: string }> = {};
let franksComment: string;
let franksAttachment: string;
let invitation: string;

beforeAll(async () => {
  task = await seededTask('Fix signup on Safari');
  frank = await createUser('frank');
  olga = await createUser('olga');
  await db`insert into public.workspace_members (workspace_id, user_id, role)
           values (${acme.id}, ${frank.id}, 'member'), (${acme.id}, ${olga.id}, 'owner')`;
  const [column] =
    await db`insert into public.columns (board_id, name) values (${acme.board}, 'Later') returning id`;
  emptyColumn = column!.id;
  for (const user of [alice, bob, carol, dave, frank]) {
    const [comment] = await db`
      insert into public.comments (task_id, author_id, body) values (${task}, ${user.id}, 'Mine') returning id`;
    const [file] = await db`
      insert into public.attachments (task_id, object_path, file_name, mime_type, size_bytes, uploaded_by)
      values (${task}, ${`${acme.id}/${task}/${crypto.randomUUID()}/notes.txt`}, 'notes.txt', 'text/plain', 12, ${user.id})
      returning id`;
    own[user.id] = { comment: comment!.id, attachment: file!.id };
  }
  franksComment = own[frank.id]!.comment;
  franksAttachment = own[frank.id]!.attachment;
  const [inv] = await db`
    insert into public.invitations (workspace_id, email, role, token_hash, invited_by)
    values (${acme.id}, 'newbie@lanes.test', 'member', ${tokenHash()}, ${alice.id}) returning id`;
  invitation = inv!.id;
});

// Put Acme back as seeded for the other files.
afterAll(async () => {
  const mine = Object.values(own);
  await db`delete from public.comments where id in ${db(mine.map((m) => m.comment))}`;
  await db`delete from public.attachments where id in ${db(mine.map((m) => m.attachment))}`;
  await db`delete from public.invitations where id = ${invitation}`;
  await db`delete from public.columns where id = ${emptyColumn}`;
  await db`delete from auth.users where id in ${db([frank.id, olga.id])}`;
});

const readers = only('owner', 'admin', 'member', 'viewer');
const workers = only('owner', 'admin', 'member');
const admins = only('owner', 'admin');
const owners = only('owner');

describe('see the workspace, its boards, tasks, comments, attachments, members', () => {
  test('the workspace', async () => {
    expect(await outcomes((tx) => tx`select id from public.workspaces where id = ${acme.id}`)).toEqual(
      readers,
    );
  });
  test('its boards', async () => {
    expect(await outcomes((tx) => tx`select id from public.boards where workspace_id = ${acme.id}`)).toEqual(
      readers,
    );
  });
  test('its columns and labels', async () => {
    expect(await outcomes((tx) => tx`select id from public.columns where board_id = ${acme.board}`)).toEqual(
      readers,
    );
    expect(await outcomes((tx) => tx`select id from public.labels where board_id = ${acme.board}`)).toEqual(
      readers,
    );
  });
  test('its tasks and their labels', async () => {
    expect(await outcomes((tx) => tx`select id from public.tasks where board_id = ${acme.board}`)).toEqual(
      readers,
    );
    expect(
      await outcomes((tx) => tx`select task_id from public.task_labels where task_id = ${task}`),
    ).toEqual(readers);
  });
  test('comments and attachments', async () => {
    expect(await outcomes((tx) => tx`select id from public.comments where task_id = ${task}`)).toEqual(
      readers,
    );
    expect(await outcomes((tx) => tx`select id from public.attachments where task_id = ${task}`)).toEqual(
      readers,
    );
  });
  test('members, their profiles, and the activity feed', async () => {
    expect(
      await outcomes(
        (tx) => tx`select user_id from public.workspace_members where workspace_id = ${acme.id}`,
      ),
    ).toEqual(readers);
    expect(await outcomes((tx) => tx`select id from public.profiles where id = ${frank.id}`)).toEqual(
      readers,
    );
    expect(
      await outcomes((tx) => tx`select id from public.activity where workspace_id = ${acme.id}`),
    ).toEqual(readers);
  });
  test('everyone reads their own profile; nobody else writes it', async () => {
    expect(await outcomes((tx, me) => tx`select id from public.profiles where id = ${me.id}`)).toEqual(
      only('owner', 'admin', 'member', 'viewer', 'outsider'),
    );
    expect(
      await outcomes(
        (tx, me) => tx`update public.profiles set display_name = 'New name' where id = ${me.id} returning id`,
      ),
    ).toEqual(only('owner', 'admin', 'member', 'viewer', 'outsider'));
    expect(
      await outcomes(
        (tx) => tx`update public.profiles set display_name = 'Hacked' where id = ${frank.id} returning id`,
      ),
    ).toEqual(only());
  });
  test('signed-out visitors see nothing', async () => {
    const counts = await asUser(null, async (tx) => {
      const [row] = await tx`select (select count(*) from public.workspaces)::int as workspaces,
                                    (select count(*) from public.tasks)::int as tasks,
                                    (select count(*) from public.profiles)::int as profiles`;
      return row;
    });
    expect(counts).toEqual({ workspaces: 0, tasks: 0, profiles: 0 });
  });
});

describe('create boards; create, edit, move, complete, archive tasks; columns; labels', () => {
  test('create a board', async () => {
    expect(
      await outcomes(
        (tx, me) => tx`insert into public.boards (workspace_id, name, created_by)
                                     values (${acme.id}, 'New board', ${me.id}) returning id`,
      ),
    ).toEqual(workers);
  });
  test('edit a board', async () => {
    expect(
      await outcomes(
        (tx) => tx`update public.boards set name = 'Renamed' where id = ${acme.board} returning id`,
      ),
    ).toEqual(workers);
  });
  test('create a task', async () => {
    expect(
      await outcomes(
        (tx, me) => tx`insert into public.tasks (board_id, column_id, title, created_by)
                                     values (${acme.board}, ${acme.todo}, 'New task', ${me.id}) returning id`,
      ),
    ).toEqual(workers);
  });
  test('edit a task', async () => {
    expect(
      await outcomes(
        (tx) =>
          tx`update public.tasks set title = 'Edited', priority = 'low' where id = ${task} returning id`,
      ),
    ).toEqual(workers);
  });
  test('move and complete a task', async () => {
    expect(
      await outcomes((tx) => tx`select * from public.move_task(${task}, ${acme.done}, null, null)`),
    ).toEqual(workers);
  });
  test('archive a task', async () => {
    expect(
      await outcomes((tx) => tx`update public.tasks set archived_at = now() where id = ${task} returning id`),
    ).toEqual(workers);
  });
  test('add, edit, move and delete columns', async () => {
    expect(
      await outcomes(
        (tx) => tx`insert into public.columns (board_id, name) values (${acme.board}, 'QA') returning id`,
      ),
    ).toEqual(workers);
    expect(
      await outcomes(
        (tx) => tx`update public.columns set wip_limit = 5 where id = ${acme.doing} returning id`,
      ),
    ).toEqual(workers);
    expect(
      await outcomes((tx) => tx`select * from public.move_column(${emptyColumn}, null, ${acme.todo})`),
    ).toEqual(workers);
    expect(
      await outcomes((tx) => tx`delete from public.columns where id = ${emptyColumn} returning id`),
    ).toEqual(workers);
  });
  test('add, edit and delete labels; label and unlabel tasks', async () => {
    expect(
      await outcomes(
        (tx) =>
          tx`insert into public.labels (board_id, name, color) values (${acme.board}, 'Ops', 'orange') returning id`,
      ),
    ).toEqual(workers);
    expect(
      await outcomes(
        (tx) => tx`update public.labels set color = 'gray' where id = ${acme.bugLabel} returning id`,
      ),
    ).toEqual(workers);
    expect(
      await outcomes((tx) => tx`delete from public.labels where id = ${acme.bugLabel} returning id`),
    ).toEqual(workers);
    const other = await seededTask('Pricing page copy');
    expect(
      await outcomes(
        (tx) =>
          tx`insert into public.task_labels (task_id, label_id) values (${other}, ${acme.bugLabel}) returning task_id`,
      ),
    ).toEqual(workers);
    expect(
      await outcomes(
        (tx) =>
          tx`delete from public.task_labels where task_id = ${task} and label_id = ${acme.bugLabel} returning task_id`,
      ),
    ).toEqual(workers);
  });
});

describe('comment; edit or delete own comment; upload attachments; delete own attachment', () => {
  test('comment', async () => {
    expect(
      await outcomes(
        (tx, me) =>
          tx`insert into public.comments (task_id, author_id, body) values (${task}, ${me.id}, 'Hello') returning id`,
      ),
    ).toEqual(workers);
  });
  test('edit own comment', async () => {
    expect(
      await outcomes(
        (tx, me) =>
          tx`update public.comments set body = 'Edited' where id = ${own[me.id]?.comment ?? null} returning id`,
      ),
    ).toEqual(workers);
  });
  test('delete own comment', async () => {
    expect(
      await outcomes(
        (tx, me) => tx`delete from public.comments where id = ${own[me.id]?.comment ?? null} returning id`,
      ),
    ).toEqual(workers);
  });
  test('upload an attachment', async () => {
    expect(
      await outcomes(
        (tx, me) => tx`
        insert into public.attachments (task_id, object_path, file_name, mime_type, size_bytes, uploaded_by)
        values (${task}, ${`${acme.id}/${task}/${crypto.randomUUID()}/a.png`}, 'a.png', 'image/png', 100, ${me.id})
        returning id`,
      ),
    ).toEqual(workers);
  });
  test('delete own attachment', async () => {
    expect(
      await outcomes(
        (tx, me) =>
          tx`delete from public.attachments where id = ${own[me.id]?.attachment ?? null} returning id`,
      ),
    ).toEqual(workers);
  });
  test("nobody edits someone else's comment text", async () => {
    expect(
      await outcomes(
        (tx) => tx`update public.comments set body = 'Not yours' where id = ${franksComment} returning id`,
      ),
    ).toEqual(only());
  });
});

describe('delete any comment or attachment; archive or delete boards; delete tasks', () => {
  test("delete someone else's comment (soft and hard)", async () => {
    expect(
      await outcomes(
        (tx) => tx`update public.comments set deleted_at = now() where id = ${franksComment} returning id`,
      ),
    ).toEqual(admins);
    expect(
      await outcomes((tx) => tx`delete from public.comments where id = ${franksComment} returning id`),
    ).toEqual(admins);
  });
  test("delete someone else's attachment", async () => {
    expect(
      await outcomes((tx) => tx`delete from public.attachments where id = ${franksAttachment} returning id`),
    ).toEqual(admins);
  });
  test('archive a board', async () => {
    expect(
      await outcomes(
        (tx) => tx`update public.boards set archived_at = now() where id = ${acme.board} returning id`,
      ),
    ).toEqual(admins);
  });
  test('delete a board', async () => {
    expect(
      await outcomes((tx) => tx`delete from public.boards where id = ${acme.board} returning id`),
    ).toEqual(admins);
  });
  test('delete an archived task', async () => {
    const archived = await seededTask('Onboarding checklist');
    expect(await outcomes((tx) => tx`delete from public.tasks where id = ${archived} returning id`)).toEqual(
      admins,
    );
  });
});

describe('invite, resend, revoke; change roles among admin/member/viewer; remove non-owners', () => {
  test('invite', async () => {
    expect(
      await outcomes(
        (tx, me) => tx`insert into public.invitations (workspace_id, email, role, token_hash, invited_by)
                                     values (${acme.id}, 'someone@example.com', 'admin', ${tokenHash()}, ${me.id}) returning id`,
      ),
    ).toEqual(admins);
  });
  test('see, resend and revoke invitations', async () => {
    expect(
      await outcomes((tx) => tx`select id from public.invitations where workspace_id = ${acme.id}`),
    ).toEqual(admins);
    expect(
      await outcomes(
        (tx) =>
          tx`update public.invitations set token_hash = ${tokenHash()} where id = ${invitation} returning id`,
      ),
    ).toEqual(admins);
    expect(
      await outcomes(
        (tx) => tx`update public.invitations set status = 'revoked' where id = ${invitation} returning id`,
      ),
    ).toEqual(admins);
  });
  test('change a role among admin, member and viewer', async () => {
    expect(
      await outcomes((tx) => tx`select * from public.change_member_role(${acme.id}, ${frank.id}, 'admin')`),
    ).toEqual(admins);
    expect(
      await outcomes((tx) => tx`select * from public.change_member_role(${acme.id}, ${frank.id}, 'viewer')`),
    ).toEqual(admins);
  });
  test('remove a non-owner', async () => {
    expect(await outcomes((tx) => tx`select public.remove_member(${acme.id}, ${frank.id}) as done`)).toEqual(
      admins,
    );
  });
});

describe('grant or remove the owner role', () => {
  test('grant', async () => {
    expect(
      await outcomes((tx) => tx`select * from public.change_member_role(${acme.id}, ${frank.id}, 'owner')`),
    ).toEqual(owners);
  });
  test('demote an owner', async () => {
    expect(
      await outcomes((tx) => tx`select * from public.change_member_role(${acme.id}, ${olga.id}, 'admin')`),
    ).toEqual(owners);
  });
  test('remove an owner', async () => {
    expect(await outcomes((tx) => tx`select public.remove_member(${acme.id}, ${olga.id}) as done`)).toEqual(
      owners,
    );
  });
});

describe('the workspace itself', () => {
  test('rename', async () => {
    expect(
      await outcomes(
        (tx) => tx`update public.workspaces set name = 'Acme Inc' where id = ${acme.id} returning id`,
      ),
    ).toEqual(admins);
  });
  test('delete', async () => {
    expect(
      await outcomes((tx) => tx`delete from public.workspaces where id = ${acme.id} returning id`),
    ).toEqual(owners);
  });
  test('leave (the owner too, while another owner remains)', async () => {
    expect(await outcomes((tx) => tx`select public.leave_workspace(${acme.id}) as done`)).toEqual(readers);
  });
  test('anyone signed in can create a workspace', async () => {
    expect(
      await outcomes(
        (tx, me) => tx`select * from public.create_workspace('Mine', ${`mine-${me.id.slice(0, 8)}`})`,
      ),
    ).toEqual(only('owner', 'admin', 'member', 'viewer', 'outsider'));
  });
});

describe('written only by the database', () => {
  test('nobody writes activity, memberships or task numbers directly', async () => {
    expect(
      await outcomes(
        (tx) =>
          tx`insert into public.activity (workspace_id, kind) values (${acme.id}, 'task_created') returning id`,
      ),
    ).toEqual(only());
    expect(
      await outcomes(
        (tx, me) => tx`insert into public.workspace_members (workspace_id, user_id, role)
                                     values (${acme.id}, ${me.id}, 'owner') returning user_id`,
      ),
    ).toEqual(only());
    expect(
      await outcomes((tx) => tx`update public.tasks set number = 999 where id = ${task} returning id`),
    ).toEqual(only());
    expect(
      await outcomes(
        (tx) => tx`update public.invitations set status = 'accepted' where id = ${invitation} returning id`,
      ),
    ).toEqual(only());
  });
});
