/**
 * @module components/dialog — a modal dialog on the native `<dialog>`: the browser traps focus, Escape closes
 * it, and focus returns to whatever opened it. Rendered only while open.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
}

export function Dialog({ title, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    // Whatever had focus before (a menu's button, a card) gets it back: the browser only does that for a
    // dialog closed while still in the page, and this one leaves the page as it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="btn-quiet" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}

export interface DialogActionsProps {
  onCancel: () => void;
  /** The submit button's label. */
  submit: ReactNode;
  danger?: boolean | undefined;
  disabled?: boolean | undefined;
  /** A write in flight: the submit button is disabled and says so to screen readers. */
  busy?: boolean | undefined;
}

/** A dialog form's closing row: Cancel, then its submit button. */
export function DialogActions({ onCancel, submit, danger, disabled, busy }: DialogActionsProps) {
  return (
    <div className="dialog-actions">
      <button type="button" className="btn btn-secondary" onClick={onCancel}>
        Cancel
      </button>
      <button
        type="submit"
        className={danger ? 'btn btn-danger' : 'btn btn-primary'}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
      >
        {submit}
      </button>
    </div>
  );
}
