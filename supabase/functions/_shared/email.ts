/** @module _shared/email — sends one email through a Mailpit-compatible `POST /api/v1/send` endpoint. */
import { LanesError } from '@lanes/shared/errors.ts';
import { emailApiUrl, env } from './env.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends the email; on failure logs why and throws UNEXPECTED with a request id (the caller says what it means). */
export async function sendEmail(email: Email): Promise<void> {
  const response = await fetch(emailApiUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      From: { Email: env().LANES_EMAIL_FROM, Name: 'Lanes' },
      To: [{ Email: email.to }],
      Subject: email.subject,
      Text: email.text,
      HTML: email.html,
    }),
  }).catch((error: unknown) => {
    console.error('email endpoint unreachable', error);
    return null;
  });
  if (!response?.ok) {
    const requestId = crypto.randomUUID().slice(0, 8);
    console.error(`[${requestId}] email refused: ${response?.status} ${await response?.text()}`);
    throw new LanesError('UNEXPECTED', { message: 'The email could not be sent.', requestId });
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
