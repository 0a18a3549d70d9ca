/**
 * @module internal/quiet-email-limit — GoTrue answers 429 `over_email_send_rate_limit` only when it is about to
 * email an account (its per-address frequency and the project's hourly budget), and 200 for an address with
 * no account, so the refusal tells a stranger the address has an account (issue 26). Forms that must not say
 * so treat it as sent: the account was emailed moments ago, or the project is out of emails for the hour.
 */
import { LanesError } from '@lanes/shared/errors';

/** Runs `send`; an account-revealing email refusal resolves as if sent, anything else still throws. */
export async function quietEmailLimit(send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    const cause = error instanceof LanesError ? (error.cause as { code?: unknown } | undefined) : undefined;
    if (cause?.code === 'over_email_send_rate_limit') return;
    throw error;
  }
}
