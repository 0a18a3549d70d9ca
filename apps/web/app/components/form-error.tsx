/** @module components/form-error — the message of a form as a whole (not tied to one field); focusable. */
import { Children, type ReactNode } from 'react';

export function FormError({ children }: { children?: ReactNode }) {
  // `Children.toArray` drops null/false, so `{a ? … : null}{b ? … : null}` with neither renders nothing.
  if (Children.toArray(children).length === 0) return null;
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
