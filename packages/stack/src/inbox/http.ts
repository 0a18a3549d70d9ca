/**
 * @module inbox/http — the inbox's HTTP face: `GET /api/v1/messages`, `GET /api/v1/message/:id`,
 * `GET /api/v1/message/:id/headers`, `GET /api/v1/search?query=to:addr`, `DELETE /api/v1/messages`, `POST /api/v1/send`, and `/` for people.
 */
import { escapeHtml, type Inbox, type Message } from './inbox.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const summary = (m: Message) => ({
  ID: m.ID,
  From: m.From,
  To: m.To,
  Subject: m.Subject,
  Created: m.Created,
  Snippet: m.Text.slice(0, 200),
});

function page(messages: Message[]): Response {
  const rows = messages
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.Subject)}</h2><p>To ${escapeHtml(m.To.map((a) => a.Address).join(', '))} · ${m.Created}</p><div>${m.HTML}</div></article>`,
    )
    .join('<hr>');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Inbox · local stack</title>
<style>body{font:14px system-ui;max-width:720px;margin:2rem auto;padding:0 1rem}h2{font-size:1rem;margin:0}p{color:#666}</style>
</head><body><h1>Inbox</h1>${rows || '<p>No emails yet.</p>'}</body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

async function sendFromJson(inbox: Inbox, request: Request): Promise<Response> {
  let body: Record<string, unknown>;
  try {
    body = (await request.json()) as Record<string, unknown>;
  } catch {
    return json(400, { error: 'body must be JSON' });
  }
  const to = (body.To as { Email?: string }[] | undefined)?.[0]?.Email;
  const from = (body.From as { Email?: string } | undefined)?.Email;
  if (typeof to !== 'string' || typeof body.Subject !== 'string') {
    return json(400, { error: 'To[0].Email and Subject are required' });
  }
  const headers = stringHeaders(body.Headers);
  if (!headers) return json(400, { error: 'Headers must be an object of strings' });
  const mail = {
    to,
    subject: body.Subject,
    text: typeof body.Text === 'string' ? body.Text : '',
    ...(typeof body.HTML === 'string' ? { html: body.HTML } : {}),
    ...(from ? { from } : {}),
    headers,
  };
  // Not Mailpit's: the `Idempotency-Key` request header that mail APIs (Resend, Postmark's batch) honour, so
  // Lanes' retries through a relay can be tested for duplicates (decision 075).
  const key = request.headers.get('idempotency-key');
  const message = key ? inbox.sendOnce(mail, key) : inbox.send(mail);
  return json(200, { ID: message.ID });
}

/** Mailpit's `Headers`: a flat object of string values; absent is none, anything else is refused. */
function stringHeaders(value: unknown): Record<string, string> | undefined {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.some(([, v]) => typeof v !== 'string')) return undefined;
  return Object.fromEntries(entries) as Record<string, string>;
}

export function inboxHandler(inbox: Inbox): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (path === '/' && request.method === 'GET') return page(inbox.list());
    if (path === '/api/v1/messages' && request.method === 'GET') {
      const messages = inbox.list();
      return json(200, { total: messages.length, messages: messages.map(summary) });
    }
    if (path === '/api/v1/messages' && request.method === 'DELETE') {
      inbox.clear();
      return json(200, 'ok');
    }
    if (path === '/api/v1/search' && request.method === 'GET') {
      const query = url.searchParams.get('query') ?? '';
      const to = /(?:^|\s)to:(\S+)/.exec(query)?.[1];
      const messages = inbox.list(to);
      return json(200, { total: messages.length, messages: messages.map(summary) });
    }
    if (path === '/api/v1/send' && request.method === 'POST') return sendFromJson(inbox, request);
    const headers = /^\/api\/v1\/message\/([\w-]+)\/headers$/.exec(path);
    if (headers && request.method === 'GET') {
      const message = inbox.get(headers[1]!);
      // Mailpit answers every header as a list of values.
      if (!message) return json(404, { error: 'message not found' });
      return json(200, Object.fromEntries(Object.entries(message.Headers).map(([k, v]) => [k, [v]])));
    }
    const one = /^\/api\/v1\/message\/([\w-]+)$/.exec(path);
    if (one && request.method === 'GET') {
      const id = one[1]!;
      const message = id === 'latest' ? inbox.list()[0] : inbox.get(id);
      return message ? json(200, message) : json(404, { error: 'message not found' });
    }
    return json(404, { error: 'not found' });
  };
}
