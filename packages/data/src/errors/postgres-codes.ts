/**
 * @module errors/postgres-codes — PostgREST codes and Postgres SQLSTATEs → catalogue codes, following the
 * database's convention (docs/decisions/060-database-error-convention.md).
 */
import { LIMITS } from '@lanes/shared/constants';
import { type ErrorCode, isErrorCode } from '@lanes/shared/errors';
import type { Mapped } from './mapped.ts';

interface PgLike {
  code?: unknown;
  message?: unknown;
  details?: unknown;
  hint?: unknown;
  /** Only postgres.js errors carry the constraint by name; PostgREST puts it in `message`. */
  constraint?: unknown;
}

/** Messages naming the limit the database hit (its `hint`), so the person knows which one. */
const LIMIT_MESSAGES: Record<string, string> = {
  workspaces_per_user: `You can create at most ${LIMITS.workspacesPerCreator} workspaces.`,
  members_per_workspace: `A workspace has at most ${LIMITS.membersPerWorkspace} members, pending invitations included.`,
  pending_invitations_per_workspace: `A workspace has at most ${LIMITS.pendingInvitationsPerWorkspace} pending invitations.`,
  boards_per_workspace: `A workspace has at most ${LIMITS.boardsPerWorkspace} boards.`,
  columns_per_board: `A board has at most ${LIMITS.columnsPerBoard} columns.`,
  tasks_per_board: `A board has at most ${LIMITS.tasksPerBoard} tasks, archived ones included.`,
  labels_per_board: `A board has at most ${LIMITS.labelsPerBoard} labels.`,
  attachments_per_task: `A task has at most ${LIMITS.attachmentsPerTask} attachments.`,
  checklist_items_per_task: `A task has at most ${LIMITS.checklistItemsPerTask} checklist items.`,
  invitation_emails_per_hour: `At most ${LIMITS.invitationEmailsPerWorkspacePerHour} invitation emails per workspace per hour. Try again later.`,
};

/** SQLSTATEs whose meaning does not depend on the constraint. */
const BY_SQLSTATE: Record<string, ErrorCode> = {
  '23503': 'NOT_FOUND', // the referenced row vanished
  '23502': 'VALIDATION', // a required value is missing
  '22001': 'VALIDATION', // value too long
  '22P02': 'VALIDATION', // malformed value, e.g. not a uuid
  '22007': 'VALIDATION', // malformed date/time
  '22008': 'VALIDATION', // date/time out of range
  '22023': 'VALIDATION', // invalid parameter value
  '42501': 'FORBIDDEN', // RLS `with check` or a missing grant
  '40001': 'CONFLICT', // serialization failure: retry sees the new row
  '40P01': 'CONFLICT', // deadlock
  PGRST116: 'NOT_FOUND', // `.single()` found no row
  PGRST301: 'SESSION_EXPIRED', // JWT invalid or expired
  PGRST302: 'SESSION_EXPIRED', // anonymous access refused
  PGRST303: 'SESSION_EXPIRED', // JWT claims invalid
};

export function postgresCode(e: PgLike): Mapped {
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const hint = typeof e.hint === 'string' && e.hint !== '' ? e.hint : undefined;

  // Convention: rules in PL/pgSQL raise P0001 with a catalogue code as the message.
  if (code === 'P0001') return isErrorCode(message) ? raised(message, hint) : { code: 'UNEXPECTED' };
  if (code === '23514') return checkViolation(message, e.constraint);
  if (code === '23505') return uniqueViolation(message, e.constraint);
  const mapped = BY_SQLSTATE[code];
  return mapped ? { code: mapped } : { code: 'UNEXPECTED' };
}

/** Database columns are snake_case, form fields (the input schemas' keys) camelCase: `due_on` → `dueOn`. */
function formField(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function raised(code: ErrorCode, hint: string | undefined): Mapped {
  const mapped: Mapped = { code };
  if (hint === undefined) return mapped;
  if (code === 'LIMIT_REACHED') {
    mapped.details = { limit: hint };
    const message = LIMIT_MESSAGES[hint];
    if (message) mapped.message = message;
  } else if (code === 'VALIDATION' || code === 'SLUG_TAKEN' || code === 'INVITE_EMAIL_MISMATCH') {
    mapped.field = formField(hint);
  } else {
    mapped.details = { hint };
  }
  return mapped;
}

/** CHECK constraints are named `<table>_<column>_<rule>`: the field lies between table and last `_`. */
function checkViolation(message: string, constraint: unknown): Mapped {
  const match = /relation "([^"]+)" violates check constraint "([^"]+)"/.exec(message);
  const table = match?.[1];
  const name = typeof constraint === 'string' ? constraint : match?.[2];
  const mapped: Mapped = { code: 'VALIDATION' };
  if (name && table && name.startsWith(`${table}_`)) {
    const field = name.slice(table.length + 1, name.lastIndexOf('_'));
    if (field) mapped.field = formField(field);
  }
  if (name) mapped.details = { constraint: name };
  return mapped;
}

function uniqueViolation(message: string, constraint: unknown): Mapped {
  const name = typeof constraint === 'string' ? constraint : /unique constraint "([^"]+)"/.exec(message)?.[1];
  if (name === 'workspaces_slug_key') return { code: 'SLUG_TAKEN', field: 'slug' };
  if (name === 'invitations_one_pending_per_email') {
    return { code: 'CONFLICT', field: 'email', message: 'This address already has a pending invitation.' };
  }
  return name ? { code: 'CONFLICT', details: { constraint: name } } : { code: 'CONFLICT' };
}
