/**
 * @module inbox — keeps every email the stack would send, so people and tests can follow the links in
 * them. Served on its own port with a Mailpit-like JSON API and a small HTML page.
 */
import { randomUUID } from 'node:crypto';

export interface Address {
  Name: string;
  Address: string;
}

export interface Message {
  ID: string;
  From: Address;
  To: Address[];
  Subject: string;
  Text: string;
  HTML: string;
  Created: string;
  /** Extra headers the sender set (Mailpit's send API `Headers`), e.g. `List-Unsubscribe`. */
  Headers: Record<string, string>;
  /** As Mailpit parses it from the headers: the unsubscribe header, its one-click POST and its links. */
  ListUnsubscribe: { Header: string; HeaderPost: string; Links: string[] };
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
  headers?: Record<string, string>;
}

/** Messages kept at most; the oldest go first, so a long-running dev stack stays small. */
const CAPACITY = 1_000;

export class Inbox {
  readonly #messages: Message[] = [];
  readonly #listeners = new Set<(m: Message) => void>();
  /** Idempotency keys of accepted sends → their message id, so a relay retried after a lost answer sends once. */
  readonly #keys = new Map<string, string>();

  /** Sends once per idempotency key: a repeat answers the first message (kept while the message is). */
  sendOnce(mail: OutgoingMail, key: string): Message {
    const known = this.#keys.get(key);
    const existing = known ? this.get(known) : undefined;
    if (existing) return existing;
    const message = this.send(mail);
    this.#keys.set(key, message.ID);
    if (this.#keys.size > CAPACITY) this.#keys.delete(this.#keys.keys().next().value as string);
    return message;
  }

  send(mail: OutgoingMail): Message {
    const headers = mail.headers ?? {};
    const header = (name: string) =>
      Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] ?? '';
    const message: Message = {
      ID: randomUUID(),
      From: { Name: 'Supabase Local', Address: mail.from ?? 'admin@email.com' },
      To: [{ Name: '', Address: mail.to }],
      Subject: mail.subject,
      Text: mail.text,
      HTML: mail.html ?? `<pre>${escapeHtml(mail.text)}</pre>`,
      Created: new Date().toISOString(),
      Headers: headers,
      ListUnsubscribe: {
        Header: header('List-Unsubscribe'),
        HeaderPost: header('List-Unsubscribe-Post'),
        Links: [...header('List-Unsubscribe').matchAll(/<([^>]+)>/g)].map((m) => m[1]!),
      },
    };
    this.#messages.push(message);
    if (this.#messages.length > CAPACITY) this.#messages.shift();
    for (const listener of this.#listeners) listener(message);
    return message;
  }

  /** Newest first, like Mailpit. `to` filters by recipient, case-insensitively. */
  list(to?: string): Message[] {
    const wanted = to?.toLowerCase();
    return this.#messages
      .filter((m) => !wanted || m.To.some((a) => a.Address.toLowerCase() === wanted))
      .reverse();
  }

  get(id: string): Message | undefined {
    return this.#messages.find((m) => m.ID === id);
  }

  clear(): void {
    this.#messages.length = 0;
    this.#keys.clear();
  }

  /** Resolves with the next message for `to` (or one already there), for tests that wait on an email. */
  waitFor(to: string, timeoutMs = 5_000, since = 0): Promise<Message> {
    const found = this.list(to).find((m) => Date.parse(m.Created) >= since);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#listeners.delete(listener);
        reject(new Error(`no email for ${to} within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (m: Message) => {
        if (!m.To.some((a) => a.Address.toLowerCase() === to.toLowerCase())) return;
        clearTimeout(timer);
        this.#listeners.delete(listener);
        resolve(m);
      };
      this.#listeners.add(listener);
    });
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
