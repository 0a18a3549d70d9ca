import { describe, expect, test } from 'vitest';
import { inboxHandler } from './http.ts';
import { Inbox } from './inbox.ts';

const base = 'http://inbox.test';

function send(handle: (r: Request) => Promise<Response>, body: unknown, key?: string) {
  return handle(
    new Request(`${base}/api/v1/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    }),
  );
}

const mail = {
  From: { Email: 'no-reply@lanes.local' },
  To: [{ Email: 'ana@lanes.test' }],
  Subject: 'Hello',
  Text: 'Hi',
  HTML: '<p>Hi</p>',
};

describe('inbox send API', () => {
  test('Headers are kept, answered by /headers as lists, and List-Unsubscribe is parsed as Mailpit does', async () => {
    const inbox = new Inbox();
    const handle = inboxHandler(inbox);
    const headers = {
      'List-Unsubscribe': '<https://api.test/unsubscribe?token=a.b.c>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    const { ID } = (await (await send(handle, { ...mail, Headers: headers })).json()) as { ID: string };
    const message = (await (await handle(new Request(`${base}/api/v1/message/${ID}`))).json()) as Record<
      string,
      unknown
    >;
    expect(message.Headers).toEqual(headers);
    expect(message.ListUnsubscribe).toEqual({
      Header: headers['List-Unsubscribe'],
      HeaderPost: 'List-Unsubscribe=One-Click',
      Links: ['https://api.test/unsubscribe?token=a.b.c'],
    });
    const listed = await (await handle(new Request(`${base}/api/v1/message/${ID}/headers`))).json();
    expect(listed).toEqual({
      'List-Unsubscribe': [headers['List-Unsubscribe']],
      'List-Unsubscribe-Post': ['List-Unsubscribe=One-Click'],
    });
    expect((await handle(new Request(`${base}/api/v1/message/nope/headers`))).status).toBe(404);
  });

  test('Headers that are not an object of strings are refused and nothing is kept', async () => {
    const inbox = new Inbox();
    const handle = inboxHandler(inbox);
    for (const Headers of [['x'], { 'X-N': 1 }, 'x']) {
      const response = await send(handle, { ...mail, Headers });
      expect(response.status).toBe(400);
    }
    expect(inbox.list()).toEqual([]);
  });

  test('one message per Idempotency-Key: a repeat answers the first id', async () => {
    const inbox = new Inbox();
    const handle = inboxHandler(inbox);
    const first = (await (await send(handle, mail, 'notification:1')).json()) as { ID: string };
    const again = (await (await send(handle, mail, 'notification:1')).json()) as { ID: string };
    const other = (await (await send(handle, mail, 'notification:2')).json()) as { ID: string };
    const plain = (await (await send(handle, mail)).json()) as { ID: string };
    expect(again.ID).toBe(first.ID);
    expect(new Set([first.ID, other.ID, plain.ID]).size).toBe(3);
    expect(inbox.list()).toHaveLength(3);
  });
});
