/**
 * Task covers (decision 185): members and up set a task's cover to one of its image attachments; anything else
 * (a PDF, another task's image, a missing row) is refused with VALIDATION and changes nothing; deleting the
 * attachment clears the cover.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { acme, asUser, carol, db, seededTask } from './support/db.ts';
import { only, outcomes } from './support/outcome.ts';

let task: string;
let other: string;
/** Every attachment made here, removed afterwards: the seeded tasks' counts are other files' fixtures. */
const made: string[] = [];

const attach = async (taskId: string, name: string, mime: string) => {
  const [row] = await db<{ id: string }[]>`
    insert into public.attachments (task_id, object_path, file_name, mime_type, size_bytes, width, height)
    values (${taskId}, ${`${acme.id}/${taskId}/${crypto.randomUUID()}/${name}`}, ${name}, ${mime}, 10,
            ${mime.startsWith('image/') ? 640 : null}, ${mime.startsWith('image/') ? 480 : null})
    returning id`;
  made.push(row!.id);
  return row!.id;
};

const coverOf = async (taskId: string) =>
  (
    await db<{ cover_attachment_id: string | null }[]>`
    select cover_attachment_id from public.tasks where id = ${taskId}`
  )[0]!.cover_attachment_id;

beforeAll(async () => {
  task = await seededTask('Fix signup on Safari');
  other = await seededTask('New logo variants');
});

afterAll(async () => {
  await db`delete from public.attachments where id = any(${made})`;
});

describe('who may set a cover', () => {
  test('members and up; viewers and outsiders are refused', async () => {
    const image = await attach(task, 'shot.png', 'image/png');
    expect(
      await outcomes(
        (tx) => tx`update public.tasks set cover_attachment_id = ${image} where id = ${task} returning id`,
      ),
    ).toEqual(only('owner', 'admin', 'member'));
    // Each role ran in its own rolled-back transaction.
    expect(await coverOf(task)).toBeNull();
  });
});

describe('what may be a cover', () => {
  test("the task's own image is set, read back, removed", async () => {
    const image = await attach(task, 'cover.webp', 'image/webp');
    await asUser(
      carol,
      (tx) => tx`update public.tasks set cover_attachment_id = ${image} where id = ${task}`,
      { commit: true },
    );
    expect(await coverOf(task)).toBe(image);
    await asUser(carol, (tx) => tx`update public.tasks set cover_attachment_id = null where id = ${task}`, {
      commit: true,
    });
    expect(await coverOf(task)).toBeNull();
  });

  test('a PDF, an image of another task or a missing attachment: VALIDATION, nothing changes', async () => {
    const before = await attach(task, 'before.png', 'image/png');
    await db`update public.tasks set cover_attachment_id = ${before} where id = ${task}`;
    const pdf = await attach(task, 'spec.pdf', 'application/pdf');
    const elsewhere = await attach(other, 'logo.png', 'image/png');
    for (const id of [pdf, elsewhere]) {
      await expect(
        asUser(carol, (tx) => tx`update public.tasks set cover_attachment_id = ${id} where id = ${task}`),
      ).rejects.toMatchObject({ message: 'VALIDATION' });
    }
    // A made-up id fails the same check before the foreign key is looked at.
    await expect(
      asUser(
        carol,
        (tx) => tx`update public.tasks set cover_attachment_id = ${crypto.randomUUID()} where id = ${task}`,
      ),
    ).rejects.toMatchObject({ message: 'VALIDATION' });
    expect(await coverOf(task)).toBe(before);
    await db`update public.tasks set cover_attachment_id = null where id = ${task}`;
  });

  test('deleting the attachment clears the cover', async () => {
    const image = await attach(task, 'gone.png', 'image/png');
    await asUser(
      carol,
      (tx) => tx`update public.tasks set cover_attachment_id = ${image} where id = ${task}`,
      { commit: true },
    );
    expect(await coverOf(task)).toBe(image);
    await db`delete from public.attachments where id = ${image}`;
    expect(await coverOf(task)).toBeNull();
  });
});
