/**
 * @module lib/form-errors — turns any error (a LanesError from the data layer, or zod issues from the client
 * check) into what a form shows: messages per field, or one message for the whole form (SPEC §5, §8).
 */
import { type ErrorCode, LanesError, validationError } from '@lanes/shared/errors';

export interface FormErrors {
  code: ErrorCode;
  /** Field name → message, shown under that field. */
  fields: Record<string, string>;
  /** Shown above the submit button when no field owns the error. */
  form?: string;
}

/** From schema issues (client-side check): the same shape the server answers with. */
export function fromIssues(issues: readonly { path: PropertyKey[]; message: string }[]): FormErrors {
  return toFormErrors(validationError(issues));
}

export function toFormErrors(error: unknown): FormErrors {
  if (!(error instanceof LanesError)) {
    return { code: 'UNEXPECTED', fields: {}, form: 'Something went wrong. Please try again.' };
  }
  const fields: Record<string, string> = {};
  let form: string | undefined;
  const perField = error.details?.fields;
  if (error.code === 'VALIDATION' && perField && typeof perField === 'object') {
    for (const [name, message] of Object.entries(perField as Record<string, string>)) {
      if (name === '_form') form = message;
      else fields[name] = message;
    }
  } else if (error.field) {
    fields[error.field] = error.message;
  } else {
    form = formMessage(error);
  }
  return form === undefined ? { code: error.code, fields } : { code: error.code, fields, form };
}

function formMessage(error: LanesError): string {
  if (error.code === 'RATE_LIMITED') {
    const seconds = waitSeconds(error);
    if (seconds === null) return 'Too many attempts. Please wait a minute and try again.';
    // GoTrue truncates the wait, so the last moments of a window read "after 0 seconds".
    const wait = Math.max(1, seconds);
    if (wait >= 60) {
      // The sign-in limits (decision 069) answer waits of up to an hour, which read badly in seconds.
      const minutes = Math.ceil(wait / 60);
      return `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
    }
    return `Too many attempts. Please wait ${wait} ${wait === 1 ? 'second' : 'seconds'} and try again.`;
  }
  if (error.code === 'UNEXPECTED' && error.requestId)
    return `${error.message} (reference ${error.requestId})`;
  return error.message;
}

/**
 * The wait in seconds: `details.retryAfterSeconds` where the data package carries it, else the wait GoTrue names
 * in its rate-limit message ("…after 37 seconds"), read from the backend error kept as `cause`.
 */
export function waitSeconds(error: LanesError): number | null {
  const carried = error.details?.retryAfterSeconds;
  if (typeof carried === 'number') return carried;
  const cause = error.cause as { message?: unknown } | undefined;
  const text = typeof cause?.message === 'string' ? cause.message : '';
  const match = /(\d+)\s*seconds?/i.exec(text);
  return match ? Number(match[1]) : null;
}

/**
 * What a one-line answer (a toast, a row's message) says for a refusal: a refused field names its own rule
 * ("At most 200 characters."), which says more than the generic text, so the first field's message wins.
 */
export function refusalMessage(error: LanesError): string {
  const first = Object.values((error.details?.fields ?? {}) as Record<string, unknown>)[0];
  return typeof first === 'string' ? first : error.message;
}

/** The first field (in the form's order) that has an error, for focus. */
export function firstInvalid(errors: FormErrors | null | undefined, order: readonly string[]): string | null {
  if (!errors) return null;
  return order.find((name) => errors.fields[name] !== undefined) ?? null;
}
