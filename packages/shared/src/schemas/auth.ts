/** @module schemas/auth — inputs of sign-up, sign-in, magic link, recovery, password and email change. */
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

/** The password a signed-in person must give again before their password or email changes (issue 25). */
export const currentPassword = z.string().min(1, { message: 'Enter your current password.' });

/**
 * The account page's password change: the current password, the new one, and the code Auth emails when
 * `secure_password_change` asks for reauthentication (empty until then).
 */
export const changePasswordInput = z.object({
  currentPassword,
  password,
  nonce: z.string().trim().optional(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** The account page's email change: the new address, confirmed with the current password. */
export const changeEmailInput = z.object({ currentPassword, email });
export type ChangeEmailInput = z.infer<typeof changeEmailInput>;

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
