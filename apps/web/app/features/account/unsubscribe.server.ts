/**
 * @module features/account/unsubscribe.server — the `/unsubscribe` page behind the link in every notification
 * email (decision 075): a GET only shows what would change (link scanners fetch it), a POST changes it.
 */

import type { LanesClient } from '@lanes/data/client';
import { unsubscribe } from '@lanes/data/notifications/unsubscribe';
import { isLanesError } from '@lanes/shared/errors';
import { unsubscribeInput } from '@lanes/shared/schemas/notification';
import { data } from 'react-router';

export type UnsubscribeView = { state: 'ask'; token: string; scope: string } | { state: 'invalid' };

export type UnsubscribeDone =
  | { state: 'done'; scope: string; kinds: string[] }
  | { state: 'invalid' }
  | { state: 'failed'; message: string };

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
    return { state: 'done', scope: answer.scope, kinds: answer.kinds } satisfies UnsubscribeDone;
  } catch (error) {
    if (isLanesError(error) && error.code === 'VALIDATION')
      return data({ state: 'invalid' } satisfies UnsubscribeDone, { status: 400 });
    return data(
      { state: 'failed', message: 'Something went wrong. Please try again.' } satisfies UnsubscribeDone,
      { status: 500 },
    );
  }
}
