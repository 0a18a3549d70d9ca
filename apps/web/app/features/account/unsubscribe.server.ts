/**
 * @module features/account/unsubscribe.server — the `/unsubscribe` page behind the link in every notification
 * email (decision 075): a GET only shows what would change (link scanners fetch it), a POST changes it.
 */

import type { LanesClient } from '@lanes/data/client';
import { unsubscribe } from '@lanes/data/notifications/unsubscribe';
import { isLanesError } from '@lanes/shared/errors';
import { unsubscribeInput } from '@lanes/shared/schemas/notification';
import { type Refused, refused, type Succeeded, succeeded } from '#app/lib/action-result.ts';
import type { FormErrors } from '#app/lib/form-errors.ts';

export type UnsubscribeView = { state: 'ask'; token: string; scope: string } | { state: 'invalid' };

/** A POST's answer: what stopped (`scope`, `kinds`), or a refusal (VALIDATION: the link is not a valid one). */
export type UnsubscribeDone =
  | Succeeded<'unsubscribe', { scope: string; kinds: string[] }>
  | Refused<'unsubscribe'>;

/** The token's scope (a kind or `digest`), shown before anything changes; its signature is checked on POST. */
export function readUnsubscribeLink(url: URL): UnsubscribeView {
  const token = url.searchParams.get('token') ?? '';
  if (!unsubscribeInput.safeParse({ token }).success) return { state: 'invalid' };
  return { state: 'ask', token, scope: token.split('.')[1]! };
}

export async function confirmUnsubscribe(client: LanesClient, request: Request) {
  const token = String((await request.formData()).get('token') ?? '');
  try {
    const answer = await unsubscribe(client, { token });
    return succeeded('unsubscribe', { scope: answer.scope, kinds: answer.kinds });
  } catch (error) {
    // A link that is not ours says so on the page; anything else is worth trying again.
    if (isLanesError(error) && error.code === 'VALIDATION') return refused('unsubscribe', error);
    const errors: FormErrors = {
      code: 'UNEXPECTED',
      fields: {},
      form: 'Something went wrong. Please try again.',
    };
    return refused('unsubscribe', error, { errors });
  }
}
