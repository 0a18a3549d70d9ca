import { DEFAULT_NOTIFICATION_DELIVERY } from '@lanes/shared/constants';
import { describe, expect, it } from 'vitest';
import { anonClient, createUser } from '../../tests/helpers.ts';
import { createTaskWorld } from '../../tests/world.ts';
import { addComment } from '../comments/add-comment.ts';
import { getTimeZone } from '../profiles/get-time-zone.ts';
import { setTimeZone } from '../profiles/set-time-zone.ts';
import { updateTask } from '../tasks/update-task.ts';
import { countUnreadNotifications } from './count-unread-notifications.ts';
import { getNotificationPreferences } from './get-notification-preferences.ts';
import { listNotifications } from './list-notifications.ts';
import { markAllNotificationsRead } from './mark-all-notifications-read.ts';
import { markNotificationsRead } from './mark-notifications-read.ts';
import { setNotificationPreferences } from './set-notification-preferences.ts';
import { unwatchTask } from './unwatch-task.ts';
import { watchTask } from './watch-task.ts';

/** A task by the owner, assigned to a member, with one comment by the owner: two notifications for the member. */
async function inboxWorld() {
  const { world, task } = await createTaskWorld('Write the launch post');
  const member = await world.join('member', 'Mia Member');
  await updateTask(world.owner.client, { taskId: task.id, assigneeId: member.id });
  await addComment(world.owner.client, { taskId: task.id, body: 'Draft is in the doc.' });
  return { world, task, member };
}

describe('the inbox', () => {
  it('lists the caller’s notifications newest first with the task and actor, and counts the unread', async () => {
    const { world, task, member } = await inboxWorld();
    const rows = await listNotifications(member.client);
    expect(rows.map((n) => n.kind)).toEqual(['commented', 'assigned']);
    expect(rows[1]).toMatchObject({
      task: { id: task.id, title: 'Write the launch post' },
      actor: { id: world.owner.id, display_name: 'Olive Owner' },
      read_at: null,
    });
    expect(await countUnreadNotifications(member.client)).toBe(2);
    expect(await listNotifications(world.owner.client)).toEqual([]);
    expect(await listNotifications(member.client, { limit: 1 })).toHaveLength(1);
    expect(await listNotifications(member.client, { before: rows[0]!.updated_at })).toHaveLength(1);
  });

  it('marks some read, then all; other people’s ids change nothing', async () => {
    const { world, member } = await inboxWorld();
    const [latest] = await listNotifications(member.client);
    expect(await markNotificationsRead(world.owner.client, { ids: [latest!.id] })).toEqual({ marked: 0 });
    expect(await markNotificationsRead(member.client, { ids: [latest!.id] })).toEqual({ marked: 1 });
    expect(await markNotificationsRead(member.client, { ids: [latest!.id] })).toEqual({ marked: 0 });
    expect((await listNotifications(member.client, { unreadOnly: true })).map((n) => n.kind)).toEqual([
      'assigned',
    ]);
    expect(await markAllNotificationsRead(member.client)).toEqual({ marked: 1 });
    expect(await countUnreadNotifications(member.client)).toBe(0);
  });

  it('refuses bad input before sending anything, and a signed-out caller', async () => {
    const { member } = await inboxWorld();
    await expect(markNotificationsRead(member.client, { ids: [] })).rejects.toMatchObject({
      code: 'VALIDATION',
      details: { fields: { ids: 'Choose at least one notification.' } },
    });
    await expect(listNotifications(member.client, { limit: 500 })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    await expect(markAllNotificationsRead(anonClient())).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
  });
});

describe('watching', () => {
  it('a viewer watches a task and hears its comments until unwatching; an outsider cannot watch', async () => {
    const { world, task } = await createTaskWorld('Pick the venue');
    const viewer = await world.join('viewer', 'Vic Viewer');
    await watchTask(viewer.client, { taskId: task.id });
    await watchTask(viewer.client, { taskId: task.id });
    await addComment(world.owner.client, { taskId: task.id, body: 'Two options left.' });
    expect((await listNotifications(viewer.client)).map((n) => n.kind)).toEqual(['commented']);
    await markAllNotificationsRead(viewer.client);
    await unwatchTask(viewer.client, { taskId: task.id });
    await addComment(world.owner.client, { taskId: task.id, body: 'Booked.' });
    expect(await countUnreadNotifications(viewer.client)).toBe(0);

    const outsider = await createUser('Otto Outsider');
    await expect(watchTask(outsider.client, { taskId: task.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(watchTask(viewer.client, { taskId: 'nope' })).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});

describe('preferences and time zone', () => {
  it('starts from the defaults, stores changes per kind and refuses unknown kinds with field errors', async () => {
    const user = await createUser('Pat Prefs');
    expect(await getNotificationPreferences(user.client)).toEqual(DEFAULT_NOTIFICATION_DELIVERY);
    const changed = await setNotificationPreferences(user.client, {
      commented: 'in_app',
      mentioned: 'digest',
    });
    expect(changed).toEqual({ ...DEFAULT_NOTIFICATION_DELIVERY, commented: 'in_app', mentioned: 'digest' });
    expect(await setNotificationPreferences(user.client, { commented: 'instant' })).toMatchObject({
      commented: 'instant',
      mentioned: 'digest',
    });
    await expect(
      setNotificationPreferences(user.client, { commented: 'pigeon' } as never),
    ).rejects.toMatchObject({ code: 'VALIDATION', field: 'commented' });
    await expect(
      setNotificationPreferences(user.client, { shouted: 'instant' } as never),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    expect(await getNotificationPreferences(user.client)).toMatchObject({ commented: 'instant' });
  });

  it('sets a time zone, and refuses an unknown one before sending it', async () => {
    const user = await createUser('Tim Zone');
    expect(await getTimeZone(user.client)).toEqual({ timeZone: 'UTC' });
    expect(await setTimeZone(user.client, { timeZone: 'America/New_York' })).toEqual({
      timeZone: 'America/New_York',
    });
    await expect(setTimeZone(user.client, { timeZone: 'Mars/Olympus' })).rejects.toMatchObject({
      code: 'VALIDATION',
      field: 'timeZone',
    });
    expect(await getTimeZone(user.client)).toEqual({ timeZone: 'America/New_York' });
  });
});
