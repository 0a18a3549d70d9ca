/**
 * @module lib/action-result — the one answer every form action gives (issue 26, decision 205): which form posted
 * (`intent`), whether it worked, and what that form shows — messages per field and for the form on a refusal,
 * what was posted (to show it again), a sentence saying what happened. A feature may add fields of its own beside
 * these (`sent`, `next`, `report`), never instead of them, so every form reads its answer the same way.
 */
import { LanesError } from '@lanes/shared/errors';
import { data } from 'react-router';
import { type FormErrors, refusalMessage, toFormErrors, waitSeconds } from './form-errors.ts';
import { formText } from './form-values.ts';

export interface ActionResult<I extends string = string> {
  /** The form that posted, so only that form shows the answer when a page has several. */
  intent: I;
  ok: boolean;
  /** A refusal: messages per field and for the whole form (SPEC §8). */
  errors?: FormErrors;
  /** What the person posted, shown again after a refusal (never a password). */
  values?: Record<string, string>;
  /** What happened, said to the person ("Role changed."). */
  done?: string;
  /** The row the answer is about, where a page has one form per row (a member, an invitation). */
  target?: string;
}

/** What a feature adds beside the common fields; the common ones cannot be redefined through it. */
type Extra<X> = X & { [K in keyof ActionResult]?: ActionResult[K] };

/** `ok` as a literal, so `if (result.ok)` tells a page which fields it has. */
export type Succeeded<I extends string, X = object> = ActionResult<I> & X & { ok: true };
export type Refused<I extends string, X = object> = ActionResult<I> & X & { ok: false; errors: FormErrors };

/**
 * The posted `intent` when it is one of `intents`, else null: a hand-made post naming no known form runs nothing
 * (the caller answers with `unknownIntent`).
 */
export function readIntent<const I extends string>(form: FormData, intents: readonly I[]): I | null {
  const posted = formText(form, 'intent');
  return (intents as readonly string[]).includes(posted) ? (posted as I) : null;
}

/** It worked; `extra` says what happened (`done`) or what the page needs next. */
export function succeeded<I extends string, X extends object = object>(
  intent: I,
  extra?: Extra<X>,
): Succeeded<I, X> {
  return { ...(extra as X), intent, ok: true };
}

/**
 * A refusal as the action's answer, with the catalogue's status (SPEC §8) and, for a limit, `Retry-After` in
 * seconds (RFC 9110) so a script or a no-JS post can read the wait too. A redirect thrown by the work passes
 * through; anything that is not a LanesError is logged, since the person only sees "Something went wrong".
 * `extra.errors` replaces the catalogue's words where a screen says it better (the import's "Nothing was
 * imported.").
 */
export function refused<I extends string, X extends object = object>(
  intent: I,
  error: unknown,
  extra?: Extra<X>,
) {
  if (error instanceof Response) throw error;
  if (!(error instanceof LanesError)) console.error(error);
  const status = error instanceof LanesError ? error.status : 500;
  const wait = error instanceof LanesError ? waitSeconds(error) : null;
  const headers: HeadersInit =
    error instanceof LanesError && error.code === 'RATE_LIMITED' && wait !== null
      ? { 'Retry-After': String(Math.max(1, wait)) }
      : {};
  return data(refusal(intent, error, extra), { status, headers });
}

/**
 * The refusal itself, for an action that answers in place with 200: the task panel's fetchers, whose refused
 * write is followed by React Router reading the panel and the board again (it skips that after a 4xx), which
 * is how the panel puts back what the server did not take.
 */
export function refusal<I extends string, X extends object = object>(
  intent: I,
  error: unknown,
  extra?: Extra<X>,
): Refused<I, X> {
  return { errors: toFormErrors(error), ...(extra as X), intent, ok: false };
}

/**
 * A refusal said in one line, for a toast, a dialog or a row (`errors.form`): a refused field names its own rule,
 * which says more than the generic text (`refusalMessage`).
 */
export function oneLineErrors(error: unknown): FormErrors {
  const errors = toFormErrors(error);
  return error instanceof LanesError
    ? { code: errors.code, fields: {}, form: refusalMessage(error) }
    : errors;
}

/** The answer to a post whose `intent` names no form of this page: nothing ran. */
export function unknownIntent<I extends string>(intent: I) {
  const errors: FormErrors = { code: 'VALIDATION', fields: {}, form: 'Unknown action.' };
  return data<Refused<I>>({ intent, ok: false, errors }, { status: 400 });
}

/** The posted fields as text, for showing a refused form again; `omit` names what must never come back. */
export function postedValues(form: FormData, omit: readonly string[] = []): Record<string, string> {
  const skip = new Set(['intent', ...omit]);
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (!skip.has(name) && typeof value === 'string') values[name] = value;
  }
  return values;
}

/** A fetcher's refusal in one line, once its answer is back; null while it runs or when it worked. */
export function fetcherRefusal(fetcher: { state: string; data?: ActionResult | undefined }): string | null {
  if (fetcher.state !== 'idle' || !fetcher.data || fetcher.data.ok) return null;
  return fetcher.data.errors?.form ?? null;
}
