/**
 * @module components/password-fields — the two password inputs every auth form uses: a new password (with the
 * rule people must meet, said the same way everywhere) and the current one, each with its browser autofill hint.
 */
import { TextField } from './text-field.tsx';

interface PasswordFieldProps {
  error?: string | undefined;
  autoFocus?: boolean | undefined;
}

/** The rule `passwordSchema` enforces, in words; shown before anyone types, not only after a refusal. */
export const PASSWORD_RULE = '8 to 72 characters, with at least one letter and one digit.';

/** A new password (sign-up, reset, change): `autocomplete="new-password"` lets managers suggest one. */
export function NewPasswordField({
  label = 'New password',
  ...props
}: PasswordFieldProps & { label?: string }) {
  return (
    <TextField
      label={label}
      name="password"
      type="password"
      autoComplete="new-password"
      required
      description={PASSWORD_RULE}
      {...props}
    />
  );
}

/** The current password, asked again before a password or email change (decision 190). */
export function CurrentPasswordField(props: PasswordFieldProps) {
  return (
    <TextField
      label="Current password"
      name="currentPassword"
      type="password"
      autoComplete="current-password"
      required
      {...props}
    />
  );
}
