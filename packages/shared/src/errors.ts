/** @module errors — the SPEC §8 error catalogue and `LanesError`, the one error shape the app sees. */

/** How the interface reacts; screens switch on this instead of on individual codes. */
export type Reaction =
  | 'form' // message on the form
  | 'field' // message under the field named by `field`
  | 'redirect-sign-in'
  | 'not-found'
  | 'toast'
  | 'dialog'
  | 'invitation-page'
  | 'retry'
  | 'generic';

export interface CatalogueEntry {
  /** HTTP status an edge function answers with, and the status a route throws. */
  status: number;
  /** Default message for people; specific cases may pass a more precise one. */
  message: string;
  reaction: Reaction;
}

export const ERROR_CATALOGUE = {
  INVALID_CREDENTIALS: { status: 400, message: 'Wrong email or password.', reaction: 'form' },
  EMAIL_NOT_CONFIRMED: {
    status: 400,
    message: 'Please confirm your email address first. Check your inbox for the link.',
    reaction: 'form',
  },
  USER_EXISTS: { status: 422, message: 'An account with this email already exists.', reaction: 'field' },
  WEAK_PASSWORD: {
    status: 422,
    message: 'Use 8 to 72 characters with at least one letter and one digit.',
    reaction: 'field',
  },
  SESSION_EXPIRED: {
    status: 401,
    message: 'Your session has expired. Please sign in again.',
    reaction: 'redirect-sign-in',
  },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait and try again.', reaction: 'form' },
  VALIDATION: { status: 400, message: 'Please check the highlighted fields.', reaction: 'field' },
  SLUG_TAKEN: { status: 409, message: 'This address is already taken.', reaction: 'field' },
  NOT_FOUND: { status: 404, message: 'This no longer exists, or you cannot see it.', reaction: 'not-found' },
  FORBIDDEN: { status: 403, message: 'Your role does not allow this.', reaction: 'toast' },
  LAST_OWNER: {
    status: 409,
    message: 'A workspace needs an owner. Make someone else an owner first.',
    reaction: 'dialog',
  },
  LIMIT_REACHED: { status: 409, message: 'A limit has been reached.', reaction: 'toast' },
  INVITE_EXPIRED: {
    status: 410,
    message: 'This invitation has expired. Ask for a new one.',
    reaction: 'invitation-page',
  },
  INVITE_REVOKED: {
    status: 410,
    message: 'This invitation was withdrawn. Ask for a new one.',
    reaction: 'invitation-page',
  },
  INVITE_USED: {
    status: 410,
    message: 'This invitation has already been answered.',
    reaction: 'invitation-page',
  },
  INVITE_EMAIL_MISMATCH: {
    status: 403,
    message: 'This invitation was sent to another email address.',
    reaction: 'invitation-page',
  },
  ALREADY_MEMBER: { status: 409, message: 'You are already a member of this workspace.', reaction: 'toast' },
  FILE_TOO_LARGE: { status: 413, message: 'This file is too large.', reaction: 'form' },
  FILE_TYPE: { status: 415, message: 'This type of file is not allowed here.', reaction: 'form' },
  CONFLICT: { status: 409, message: 'This changed meanwhile. It has been refreshed.', reaction: 'toast' },
  NETWORK: { status: 503, message: 'Cannot reach the server. Retrying…', reaction: 'retry' },
  UNEXPECTED: { status: 500, message: 'Something went wrong.', reaction: 'generic' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

export interface LanesErrorOptions {
  message?: string;
  /** The form field the error belongs to, when it names one. */
  field?: string;
  /** Per-field messages for VALIDATION; limit name for LIMIT_REACHED; anything a screen may show. */
  details?: Record<string, unknown>;
  requestId?: string;
  cause?: unknown;
}

/**
 * The single error type that leaves the data layer and the edge functions.
 * @example throw new LanesError('SLUG_TAKEN', { field: 'slug' })
 */
export class LanesError extends Error {
  override name = 'LanesError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly reaction: Reaction;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly requestId: string | undefined;

  constructor(code: ErrorCode, options: LanesErrorOptions = {}) {
    const entry: CatalogueEntry = ERROR_CATALOGUE[code];
    super(
      options.message ?? entry.message,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.code = code;
    this.status = entry.status;
    this.reaction = entry.reaction;
    this.field = options.field;
    this.details = options.details;
    this.requestId = options.requestId;
  }

  /** The wire body edge functions answer with: `{ error: { code, message, ... } }`. */
  toBody(): ErrorBody {
    const error: ErrorBody['error'] = { code: this.code, message: this.message };
    if (this.field !== undefined) error.field = this.field;
    if (this.details !== undefined) error.details = this.details;
    if (this.requestId !== undefined) error.requestId = this.requestId;
    return { error };
  }
}

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    field?: string;
    details?: Record<string, unknown>;
    requestId?: string;
  };
}

export function isLanesError(value: unknown): value is LanesError {
  return value instanceof LanesError;
}

/** Reads a `{ error: { code, message } }` body (from an edge function) back into a LanesError, or null. */
export function fromErrorBody(body: unknown, requestId?: string): LanesError | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, field, details } = error as Record<string, unknown>;
  if (!isErrorCode(code)) return null;
  const options: LanesErrorOptions = {};
  if (typeof message === 'string') options.message = message;
  if (typeof field === 'string') options.field = field;
  if (typeof details === 'object' && details !== null) options.details = details as Record<string, unknown>;
  if (requestId !== undefined) options.requestId = requestId;
  return new LanesError(code, options);
}

/** Minimal structural view of a zod error, so this module needs no zod import. */
interface IssueLike {
  path: PropertyKey[];
  message: string;
}

/**
 * Turns schema issues into one VALIDATION error whose `details.fields` maps each field path to its first
 * message, and whose `field` is the first invalid field (the one a form focuses).
 */
export function validationError(issues: readonly IssueLike[], requestId?: string): LanesError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_form';
    fields[key] ??= issue.message;
  }
  const first = Object.keys(fields)[0];
  const options: LanesErrorOptions = { details: { fields } };
  if (first !== undefined && first !== '_form') options.field = first;
  if (requestId !== undefined) options.requestId = requestId;
  return new LanesError('VALIDATION', options);
}
