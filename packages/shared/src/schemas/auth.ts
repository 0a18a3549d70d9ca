/** @module schemas/auth — inputs of sign-up, sign-in, magic link, recovery and password change. */
import { z } from 'zod';
import { displayName, email, password } from './fields.ts';

export const signUpInput = z.object({ email, password, displayName });
export type SignUpInput = z.infer<typeof signUpInput>;

/** Sign-in checks only presence: the password rule may have changed since the account was made. */
export const signInInput = z.object({ email, password: z.string().min(1, { message: 'Required.' }) });
export type SignInInput = z.infer<typeof signInInput>;

export const emailOnlyInput = z.object({ email });
export type EmailOnlyInput = z.infer<typeof emailOnlyInput>;

export const updatePasswordInput = z.object({ password });
export type UpdatePasswordInput = z.infer<typeof updatePasswordInput>;

/** The `type` values GoTrue accepts with a `token_hash` from an emailed link. */
export const EMAIL_OTP_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
] as const;

export const verifyTokenHashInput = z.object({
  tokenHash: z.string().min(1),
  type: z.enum(EMAIL_OTP_TYPES),
});
export type VerifyTokenHashInput = z.infer<typeof verifyTokenHashInput>;

export const signOutScope = z.enum(['local', 'global', 'others']);
export type SignOutScope = z.infer<typeof signOutScope>;
