/** @module internal/checks — the three checks every operation runs: input, backend error, answer shape. */
import { LanesError, validationError } from '@lanes/shared/errors';
import type { z } from 'zod';
import { toLanesError } from '../errors/to-lanes-error.ts';

/** Validates an operation's input with its shared schema; a refusal is VALIDATION and nothing is sent. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}

/** Checks what the backend answered against the shared schema, where it enters the app. */
export function parseAnswer<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new LanesError('UNEXPECTED', {
      details: { answer: result.error.issues.slice(0, 5) },
      requestId: crypto.randomUUID().slice(0, 8),
    });
  }
  return result.data;
}

/** The data of a supabase-js result once its error branch is ruled out. */
type Ok<R extends { data: unknown }> = [Extract<R, { error: null }>] extends [never]
  ? NonNullable<R['data']>
  : Extract<R, { error: null }>['data'];

/** Throws the catalogue error of a `{ error }` result; returns its data otherwise. */
export function unwrap<R extends { data: unknown; error: unknown }>(result: R): Ok<R> {
  if (result.error) throw toLanesError(result.error);
  return result.data as Ok<R>;
}

/**
 * Writes guarded by row-level security change zero rows instead of failing (SPEC: "not visible" = not found),
 * so an empty `return=representation` answer becomes NOT_FOUND.
 */
export function oneRow<T>(rows: T[] | null): T {
  const row = rows?.[0];
  if (row === undefined) throw new LanesError('NOT_FOUND');
  return row;
}
