/** @module _shared/email — sends one email through a Mailpit-compatible `POST /api/v1/send` endpoint. */
import { LanesError } from '@lanes/shared/errors.ts';
import { emailApiUrl, env } from './env.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (Mailpit's `Headers`), e.g. `List-Unsubscribe`. */
  headers?: Record<string, string>;
  /**
   * Sent as the `Idempotency-Key` request header: the relay sends one email per key, so a retry after a lost
   * answer does not send twice (decision 075).
   */
  idempotencyKey?: string;
}

/** Sends the email; null when the endpoint took it, else why not (for logs and the outbox's last error). */
export async function trySendEmail(email: Email): Promise<string | null> {
  const response = await fetch(emailApiUrl(), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(email.idempotencyKey ? { 'idempotency-key': email.idempotencyKey } : {}),
    },
    body: JSON.stringify({
      From: { Email: env().LANES_EMAIL_FROM, Name: 'Lanes' },
      To: [{ Email: email.to }],
      Subject: email.subject,
      Text: email.text,
      HTML: email.html,
      ...(email.headers ? { Headers: email.headers } : {}),
    }),
  }).catch((error: unknown) => `email endpoint unreachable: ${String(error)}`);
  if (typeof response === 'string') return response;
  if (response.ok) {
    await response.body?.cancel();
    return null;
  }
  return `email refused: ${response.status} ${(await response.text()).slice(0, 300)}`;
}

/** Sends the email; on failure logs why and throws UNEXPECTED with a request id (the caller says what it means). */
export async function sendEmail(email: Email): Promise<void> {
  const problem = await trySendEmail(email);
  if (problem) {
    const requestId = crypto.randomUUID().slice(0, 8);
    console.error(`[${requestId}] ${problem}`);
    throw new LanesError('UNEXPECTED', { message: 'The email could not be sent.', requestId });
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
