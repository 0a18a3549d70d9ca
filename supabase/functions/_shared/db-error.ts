/**
 * @module _shared/db-error — a PostgREST error as a catalogue error, by the database's convention
 * (docs/decisions/060-database-error-convention.md). The full mapper lives in packages/data; functions only
 * meet the database, so this covers what the database raises.
 */
import { isErrorCode, LanesError } from '@lanes/shared/errors.ts';

interface PgError {
  code?: string;
  message?: string;
  hint?: string | null;
}

export function dbError(error: PgError): LanesError {
  const { code = '', message = '', hint } = error;
  if (code === 'P0001' && isErrorCode(message)) {
    if (message === 'LIMIT_REACHED') return new LanesError(message, { details: { limit: hint } });
    if (hint && (message === 'VALIDATION' || message === 'INVITE_EMAIL_MISMATCH')) {
      return new LanesError(message, { field: hint });
    }
    return new LanesError(message);
  }
  if (code === '23505' && message.includes('invitations_one_pending_per_email')) {
    return new LanesError('CONFLICT', {
      field: 'email',
      message: 'This address already has a pending invitation.',
    });
  }
  if (code === '23514' || code === '22P02') return new LanesError('VALIDATION');
  if (code === '42501') return new LanesError('FORBIDDEN');
  if (code === 'PGRST116' || code === '23503') return new LanesError('NOT_FOUND');
  const requestId = crypto.randomUUID().slice(0, 8);
  console.error(`[${requestId}] database error`, error);
  return new LanesError('UNEXPECTED', { requestId });
}
