/** @module components/form-error — the message of a form as a whole (not tied to one field); focusable. */
import type { ReactNode } from 'react';

export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div className="form-error" role="alert" tabIndex={-1} data-form-error="">
      {children}
    </div>
  );
}

/** A calm confirmation ("check your inbox"), announced politely. */
export function FormNotice({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div className="form-notice" role="status">
      {children}
    </div>
  );
}
