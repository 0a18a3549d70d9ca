/** @module schemas/fields — the field-level rules of SPEC §5 that several domains share. */
import { z } from 'zod';
import { DUE_DATE_RANGE } from '../constants.ts';

/** Row ids. `guid` (any 8-4-4-4-12 hex) rather than strict RFC 4122, so fixed seed ids pass too. */
export const id = z.guid({ message: 'Not a valid id.' });

/** Timestamps as PostgREST returns them (`2026-11-21T12:00:00.123456+00:00`). */
export const timestamp = z.iso.datetime({ offset: true });

/** A trimmed string of min..max characters, with messages naming the rule. */
export function trimmed(min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min, { message: min === 1 ? 'Required.' : `At least ${min} characters.` })
    .max(max, { message: `At most ${max} characters.` });
}

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(
    z.email({ message: 'Enter a valid email address.' }).max(254, { message: 'At most 254 characters.' }),
  );

export const password = z
  .string()
  .min(8, { message: 'At least 8 characters.' })
  .max(72, { message: 'At most 72 characters.' })
  .regex(/\p{L}/u, { message: 'Include at least one letter.' })
  .regex(/\p{Nd}/u, { message: 'Include at least one digit.' });

export const displayName = trimmed(1, 60);

/** A calendar date `YYYY-MM-DD` that exists (no 30 February) within SPEC §5's range. */
export const dueDate = z.iso
  .date({ message: 'Enter a real date.' })
  .refine((value) => value >= DUE_DATE_RANGE.min && value <= DUE_DATE_RANGE.max, {
    message: 'Pick a date between 2000 and 2100.',
  });
