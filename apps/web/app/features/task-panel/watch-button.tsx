/**
 * @module features/task-panel/watch-button — Watch / Unwatch: whether the comments and completion of this task
 * reach the reader's inbox (decision 072). Anyone who can see the task may watch it, viewers too. A plain POST
 * form underneath, so it works without JavaScript.
 */
import { useFieldSave } from './use-field-save.ts';

export function WatchButton({ taskId, watching }: { taskId: string; watching: boolean }) {
  const watch = useFieldSave(taskId, 'watch');
  const pending = watch.pending?.get('value');
  const on = pending ? pending === 'true' : watching;
  return (
    <form
      method="post"
      className="watch-form"
      onSubmit={(event) => {
        event.preventDefault();
        watch.save({ value: String(!on) });
      }}
    >
      <input type="hidden" name="intent" value="watch" />
      <input type="hidden" name="value" value={String(!on)} />
      <button
        type="submit"
        className="btn btn-secondary"
        aria-pressed={on}
        disabled={watch.busy && !watch.queued}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" focusable="false">
          <path
            fill={on ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
          />
          <circle
            cx="12"
            cy="12"
            r="3"
            fill="none"
            stroke={on ? 'var(--surface)' : 'currentColor'}
            strokeWidth="2"
          />
        </svg>
        {on ? 'Watching' : 'Watch'}
      </button>
      <span className="watch-hint panel-muted">
        {on ? 'Comments and completion reach your inbox.' : 'Get comments and completion in your inbox.'}
      </span>
      {watch.error ? (
        <p className="field-error" role="alert">
          {watch.error}
        </p>
      ) : null}
    </form>
  );
}
