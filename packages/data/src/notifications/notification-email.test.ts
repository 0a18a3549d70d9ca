import { describe, expect, it } from 'vitest';
import { anonClient, env, serviceClient } from '../../tests/helpers.ts';
import { createTaskWorld } from '../../tests/world.ts';
import { addComment } from '../comments/add-comment.ts';
import { getNotificationPreferences } from './get-notification-preferences.ts';
import { listEmailFailures } from './list-email-failures.ts';
import { unsubscribe } from './unsubscribe.ts';

/** Polls the stack's inbox until an email to `to` matches, or fails after the deadline (the schedule runs every 10 s). */
async function emailTo(to: string, match: (text: string) => boolean): Promise<string> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const list = (await (
      await fetch(`${env().inboxUrl}/api/v1/search?query=to:${encodeURIComponent(to)}`)
    ).json()) as { messages: { ID: string }[] };
    for (const { ID } of list.messages) {
      const message = (await (await fetch(`${env().inboxUrl}/api/v1/message/${ID}`)).json()) as {
        Text: string;
      };
      if (match(message.Text)) return message.Text;
    }
    if (Date.now() > deadline) throw new Error(`no matching email to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('notification email', () => {
  it('a mention arrives by email; its unsubscribe link works signed out, for that kind only', async () => {
    const { world, task } = await createTaskWorld('Plan the offsite');
    const member = await world.join('member', 'Mia Member');
    await addComment(world.owner.client, { taskId: task.id, body: `@[${member.id}] can you book it?` });
    const text = await emailTo(
      member.email,
      (t) => t.includes(`/t/${task.id}`) && t.includes('mentioned you'),
    );
    const token = /unsubscribe\?token=([\w.-]+)/.exec(text)?.[1];
    expect(token).toMatch(new RegExp(`^${member.id}\\.mentioned\\.`));

    await expect(unsubscribe(anonClient(), { token: 'not-a-token' })).rejects.toMatchObject({
      code: 'VALIDATION',
      details: { fields: { token: 'This unsubscribe link is not valid.' } },
    });
    const forged = `${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}`;
    await expect(unsubscribe(anonClient(), { token: forged })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect((await getNotificationPreferences(member.client)).mentioned).toBe('instant');

    expect(await unsubscribe(anonClient(), { token: token! })).toEqual({
      scope: 'mentioned',
      kinds: ['mentioned'],
    });
    const preferences = await getNotificationPreferences(member.client);
    expect(preferences).toMatchObject({ mentioned: 'in_app', assigned: 'instant', commented: 'digest' });
  });

  it('emails that kept failing are listed for the workspace’s admins and owners only', async () => {
    const { world } = await createTaskWorld('Anything');
    const admin = await world.join('admin', 'Ada Admin');
    const member = await world.join('member', 'Mia Member');
    // What the drain leaves after five failed attempts (decision 075), made directly for the test.
    const service = serviceClient();
    const { data: outbox, error } = await service
      .from('email_outbox')
      .insert({
        idempotency_key: `test:${crypto.randomUUID()}`,
        user_id: member.id,
        kind: 'digest',
        status: 'failed',
        attempts: 5,
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    const failed = await service.from('notification_email_failures').insert({
      outbox_id: outbox!.id,
      workspace_id: world.workspaceId,
      user_id: member.id,
      kind: 'digest',
      attempts: 5,
      last_error: 'email refused: 500',
    });
    expect(failed.error).toBeNull();

    for (const who of [admin, world.owner]) {
      expect(await listEmailFailures(who.client, { workspaceId: world.workspaceId })).toEqual([
        expect.objectContaining({
          kind: 'digest',
          attempts: 5,
          last_error: 'email refused: 500',
          recipient: { id: member.id, display_name: 'Mia Member' },
        }),
      ]);
    }
    expect(await listEmailFailures(member.client, { workspaceId: world.workspaceId })).toEqual([]);
    await expect(listEmailFailures(admin.client, { workspaceId: 'nope' })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });
});
