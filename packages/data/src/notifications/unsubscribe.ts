/**
 * @module notifications/unsubscribe — the unsubscribe page's action: signed out, with the token from an email,
 * that person's one kind (or their digest) becomes in-app only (decision 075). Works with an anon client.
 */
import {
  type UnsubscribeAnswer,
  unsubscribeAnswer,
  unsubscribeInput,
} from '@lanes/shared/schemas/notification';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export type UnsubscribeResult = UnsubscribeAnswer;

/** A malformed token is VALIDATION before anything is sent; a forged one is VALIDATION from the database. */
export async function unsubscribe(client: LanesClient, input: { token: string }): Promise<UnsubscribeResult> {
  const { token } = parseInput(unsubscribeInput, input);
  return parseAnswer(unsubscribeAnswer, unwrap(await client.rpc('unsubscribe', { token })));
}
