/**
 * @module features/task-panel/panel-error — what stands in the panel's place when its task cannot be read, so
 * the board beneath stays (decision 165): a task that is missing or not the user's (404, the same words for
 * both), a server that cannot be reached (with a way to try again), or anything else (with its reference).
 */
import { isRouteErrorResponse, useRevalidator } from 'react-router';
import { PanelFrame } from './panel-frame.tsx';

export interface PanelErrorProps {
  error: unknown;
  taskId: string;
  boardPath: string;
}

export function PanelError({ error, taskId, boardPath }: PanelErrorProps) {
  const revalidator = useRevalidator();
  const said = sayError(error);
  return (
    <PanelFrame taskId={taskId} boardPath={boardPath} labelledBy="panel-error-title">
      <div className="panel-error" role="alert">
        <h2 id="panel-error-title">{said.title}</h2>
        <p className="panel-error-text">{said.text}</p>
        {said.retry ? (
          <button
            type="button"
            className="btn"
            disabled={revalidator.state === 'loading'}
            onClick={() => void revalidator.revalidate()}
          >
            {revalidator.state === 'loading' ? 'Trying…' : 'Try again'}
          </button>
        ) : null}
      </div>
    </PanelFrame>
  );
}

/** SPEC §8's words for what went wrong. A failed `fetch` (no answer at all) is a TypeError. */
export function sayError(error: unknown): { title: string; text: string; retry: boolean } {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return {
      title: 'Task not found',
      text: 'This task no longer exists, or you do not have access to it.',
      retry: false,
    };
  }
  if (error instanceof TypeError) {
    return { title: 'Cannot reach the server', text: 'Check your connection, then try again.', retry: true };
  }
  // Of a server's failure only its reference is shown; of anything else, nothing.
  const reference = isRouteErrorResponse(error)
    ? (error.data as { requestId?: string } | null)?.requestId
    : undefined;
  return {
    title: 'Something went wrong',
    text: `The task could not be loaded. Please try again in a moment.${reference ? ` Reference: ${reference}.` : ''}`,
    retry: true,
  };
}
