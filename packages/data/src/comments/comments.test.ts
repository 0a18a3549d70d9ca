import { describe, expect, it } from 'vitest';
import { createTaskWorld } from '../../tests/world.ts';
import { addComment } from './add-comment.ts';
import { deleteComment } from './delete-comment.ts';
import { editComment } from './edit-comment.ts';
import { listComments } from './list-comments.ts';

describe('comments', () => {
  it('adds, edits (stamping edited_at) and lists with the author', async () => {
    const { world, task } = await createTaskWorld('Talk');
    const comment = await addComment(world.owner.client, { taskId: task.id, body: '  First!  ' });
    expect(comment).toMatchObject({ body: 'First!', author_id: world.owner.id, edited_at: null });
    const edited = await editComment(world.owner.client, { commentId: comment.id, body: 'First, edited' });
    expect(edited.edited_at).not.toBeNull();
    const list = await listComments(world.owner.client, { taskId: task.id });
    expect(list.map((c) => [c.body, c.author?.display_name])).toEqual([['First, edited', 'Olive Owner']]);
  });

  it('a comment named by the client and sent twice is stored once; the id of another task stays refused', async () => {
    const { world, task } = await createTaskWorld('Talk');
    const id = crypto.randomUUID();
    const first = await addComment(world.owner.client, { id, taskId: task.id, body: 'Sent offline' });
    const again = await addComment(world.owner.client, { id, taskId: task.id, body: 'Sent offline' });
    expect(again.id).toBe(first.id);
    expect((await listComments(world.owner.client, { taskId: task.id })).map((c) => c.id)).toEqual([id]);
    const other = await createTaskWorld('Elsewhere');
    await expect(
      addComment(other.world.owner.client, { id, taskId: other.task.id, body: 'Same id' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses a blank comment before sending, and a viewer commenting', async () => {
    const { world, task } = await createTaskWorld('Talk');
    const viewer = await world.join('viewer');
    await expect(addComment(world.owner.client, { taskId: task.id, body: '   ' })).rejects.toMatchObject({
      code: 'VALIDATION',
      field: 'body',
    });
    await expect(addComment(viewer.client, { taskId: task.id, body: 'hi' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('soft-deletes: the row stays with deleted_at, and cannot be edited after', async () => {
    const { world, task } = await createTaskWorld('Talk');
    const comment = await addComment(world.owner.client, { taskId: task.id, body: 'Oops' });
    expect((await deleteComment(world.owner.client, { commentId: comment.id })).deleted_at).not.toBeNull();
    const [shown] = await listComments(world.owner.client, { taskId: task.id });
    expect(shown?.deleted_at).not.toBeNull();
    expect(shown?.body).not.toContain('Oops'); // the words go; the place in the thread stays
    await expect(
      editComment(world.owner.client, { commentId: comment.id, body: 'Back' }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('lets only the author edit; an admin may delete anyone’s', async () => {
    const { world, task } = await createTaskWorld('Talk');
    const bo = await world.join('member', 'Bo');
    const admin = await world.join('admin');
    const comment = await addComment(bo.client, { taskId: task.id, body: 'Bo says' });
    await expect(
      editComment(admin.client, { commentId: comment.id, body: 'Admin says' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await deleteComment(admin.client, { commentId: comment.id })).deleted_at).not.toBeNull();
  });
});
