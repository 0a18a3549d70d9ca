/** @module features/board/screen/toasts — short messages about moves and adds the server refused; they fade after a while. */
import { useCallback, useEffect, useState } from 'react';

export interface Toast {
  id: number;
  message: string;
}

let counter = 0;
const LIFETIME_MS = 6_000;

export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const show = useCallback((message: string) => {
    counter += 1;
    const toast = { id: counter, message };
    setToasts((list) => [...list.filter((t) => t.message !== message), toast]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  return { toasts, show, dismiss };
}

export function Toasts({ toasts, dismiss }: { toasts: Toast[]; dismiss(id: number): void }) {
  return (
    <div className="toasts" role="alert" aria-live="assertive">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} dismiss={dismiss} />
      ))}
    </div>
  );
}

function ToastItem({ toast, dismiss }: { toast: Toast; dismiss(id: number): void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(toast.id), LIFETIME_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, dismiss]);
  return (
    <div className="toast">
      <span>{toast.message}</span>
      <button type="button" className="btn-quiet" onClick={() => dismiss(toast.id)} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}
