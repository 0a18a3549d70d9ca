/**
 * @module features/task-panel/panel-frame — the dialog a task URL shows over its board: the panel itself, or
 * what stands in its place when the task cannot be read (`panel-error.tsx`). Focus moves in when it opens and
 * back to the task's card when it closes; Esc and the close link return to the board's URL, filters kept.
 */
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

export interface PanelFrameProps {
  taskId: string;
  boardPath: string;
  /** The id of the heading that names the dialog. */
  labelledBy: string;
  /** Shown before the close link (the task's `#number`). */
  head?: ReactNode;
  /** The dialog element, for those inside that need it (a drop target for files). */
  frame?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export function PanelFrame({ taskId, boardPath, labelledBy, head, frame, children }: PanelFrameProps) {
  const own = useRef<HTMLElement>(null);
  const panel = frame ?? own;
  const close = usePanelClose(boardPath);
  const navigate = useNavigate();
  useDialogFocus(panel, taskId);

  // Listening from the layout phase, before the panel is first painted: an Esc pressed as soon as the panel
  // shows, before passive effects ran, closed nothing (a busy machine leaves that gap open for a while).
  useLayoutEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      void navigate(close, { preventScrollReset: true });
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return (
    <aside ref={panel} className="task-panel" role="dialog" aria-labelledby={labelledBy} tabIndex={-1}>
      <header className="task-panel-head">
        {head}
        <Link
          to={close}
          preventScrollReset
          className="btn btn-quiet task-panel-close"
          aria-label="Close task"
        >
          ✕
        </Link>
      </header>
      {children}
    </aside>
  );
}

/** Where closing the panel goes: its board, with the board's filters (the URL's search) kept. */
export function usePanelClose(boardPath: string) {
  const { search } = useLocation();
  return { pathname: boardPath, search };
}

/** Focus into the panel on open (and on switching task); back to the task's card when it closes. */
function useDialogFocus(panel: RefObject<HTMLElement | null>, taskId: string) {
  useEffect(() => {
    panel.current?.focus({ preventScroll: true });
    return () => {
      // Only when focus was ours to give back: not if the person already moved on to something else.
      const active = document.activeElement;
      if (active && active !== document.body && !active.closest('.task-panel')) return;
      const card = document.querySelector<HTMLElement>(`[data-task-id="${taskId}"] .lane-card-body`);
      card?.focus();
    };
  }, [panel, taskId]);
}
