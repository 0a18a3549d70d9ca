/**
 * @module auth/passwords — bcrypt (cost 10, as GoTrue; test stacks 4) into `auth.users.encrypted_password`,
 * and the strength rules from config.toml (`minimum_password_length`, `password_requirements`).
 */
import { hash, verify } from '@node-rs/bcrypt';
import type { StackConfig } from '../config.ts';
import { AuthError, validation } from './errors.ts';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** The character sets each requirement demands one of, as the CLI hands them to GoTrue. */
const REQUIRED_SETS: Record<StackConfig['auth']['passwordRequirements'], string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

/** bcrypt only reads 72 bytes; GoTrue refuses longer passwords rather than truncate them silently. */
const MAX_LENGTH = 72;

/** Throws `weak_password` (422, with reasons) or `validation_failed` for a password the project refuses. */
export function checkPasswordStrength(password: string, auth: StackConfig['auth']): void {
  if (password.length > MAX_LENGTH) {
    throw validation(`Password cannot be longer than ${MAX_LENGTH} characters`);
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  if (password.length < auth.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${auth.minimumPasswordLength} characters.`);
  }
  const sets = REQUIRED_SETS[auth.passwordRequirements];
  if (sets.some((set) => ![...password].some((c) => set.includes(c)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  if (reasons.length) {
    const message = messages.join(' ');
    throw new AuthError(422, 'weak_password', message, { weak_password: { reasons } });
  }
}

/** GoTrue's cost (`bcrypt.DefaultCost`); StartOptions.passwordHashCost lowers it for test stacks. */
export const DEFAULT_HASH_COST = 10;

/** bcrypt's own bounds for the cost (log2 of its rounds). */
export const MIN_HASH_COST = 4;
export const MAX_HASH_COST = 31;

/** A new hash at `cost`; `verify` reads the cost back from the hash, so hashes of any cost keep working. */
export const hashPassword = (password: string, cost: number): Promise<string> => hash(password, cost);

export async function verifyPassword(password: string, encrypted: string | null): Promise<boolean> {
  if (!encrypted) return false;
  try {
    return await verify(password, encrypted);
  } catch {
    return false;
  }
}

/** Refuses a StartOptions.passwordHashCost bcrypt would not take, before anything starts. */
export function assertHashCost(cost: number | undefined): void {
  if (cost === undefined) return;
  if (!Number.isInteger(cost) || cost < MIN_HASH_COST || cost > MAX_HASH_COST) {
    throw new Error(
      `passwordHashCost must be a whole number from ${MIN_HASH_COST} to ${MAX_HASH_COST}, not ${cost}`,
    );
  }
}
