/** @module features/settings/row-message — a settings row's answer: its first error, else its notice. */
import type { SettingsActionData } from './settings-actions.server.ts';

/**
 * One line under a member's or an invitation's row. An error is an alert and wins over a notice, and of
 * several errors only the first shows: a row has room for one line, and the form-wide one explains most.
 */
export function RowMessage({ answer }: { answer: SettingsActionData | undefined }) {
  const error = answer?.errors ? (answer.errors.form ?? Object.values(answer.errors.fields)[0]) : undefined;
  if (error) {
    return (
      <p className="field-error settings-row-message" role="alert">
        {error}
      </p>
    );
  }
  if (answer?.done) {
    return (
      <p className="settings-row-message" role="status">
        {answer.done}
      </p>
    );
  }
  return null;
}
