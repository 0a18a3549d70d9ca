/** @module features/settings/role-select — a labelled role picker with its error, for invitations and members. */
import type { Role } from '@lanes/shared/constants';
import { useId } from 'react';

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

export function RoleSelect({
  label,
  name = 'role',
  options,
  defaultValue,
  error,
  hideLabel = false,
}: {
  label: string;
  name?: string;
  options: readonly Role[];
  defaultValue?: string | undefined;
  error?: string | undefined;
  hideLabel?: boolean;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      >
        {options.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
