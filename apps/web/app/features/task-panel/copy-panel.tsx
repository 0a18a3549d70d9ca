/**
 * @module features/task-panel/copy-panel — a card opened while offline (decision 203): the panel made from what
 * the board already holds (title, column, assignee, due date, priority, labels, done, checklist progress),
 * editable through the board's write queue, and a plain notice of what it cannot show until the connection is
 * back (description, comments, files, activity). Once the browser is online again the panel reads the task.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import type { PanelBoard } from '#app/lib/panel-board.ts';
import type { BoardTaskCopy } from '#app/lib/task-writes.ts';
import { modelFromCopy, notShown } from './copy-model.ts';
import copyCss from './copy-panel.css?inline';
import { PanelBoardContext } from './panel-board-context.ts';
import { PanelError } from './panel-error.tsx';
import { PanelFrame, usePanelClose } from './panel-frame.tsx';
import { TaskActions } from './task-actions.tsx';
import { TaskFields } from './task-fields.tsx';
import { TitleField } from './title-field.tsx';

export interface CopyPanelProps {
  taskId: string;
  /** The board around the panel: its copy of the task, its permission and its write queue. */
  board: PanelBoard | undefined;
  boardPath: string;
}

/** Keyed by task: the copy is taken once, as the panel opens (its edits then show as they wait). */
export function CopyPanel({ taskId, board, boardPath }: CopyPanelProps) {
  const [copy] = useState(() => board?.taskWrites?.copyOf(taskId) ?? null);
  // A card the board does not hold (a link from elsewhere): nothing to show until the task can be read.
  if (!copy || !board)
    return <PanelError error={new TypeError('offline')} taskId={taskId} boardPath={boardPath} />;
  return <Copy copy={copy} board={board} boardPath={boardPath} />;
}

function Copy({ copy, board, boardPath }: { copy: BoardTaskCopy; board: PanelBoard; boardPath: string }) {
  const model = useMemo(() => modelFromCopy(copy), [copy]);
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const close = usePanelClose(boardPath);
  // Back online: the task route reads the whole task, and the full panel takes this one's place.
  useEffect(() => {
    const back = () => void revalidate();
    window.addEventListener('online', back);
    if (navigator.onLine) back();
    return () => window.removeEventListener('online', back);
  }, [revalidate]);

  const { task } = copy;
  const others = notShown(task);
  const column = board.columnNames[task.columnId];
  return (
    <PanelBoardContext.Provider value={board}>
      <style href="task-panel-copy-css" precedence="default">
        {copyCss}
      </style>
      <PanelFrame
        taskId={task.id}
        boardPath={boardPath}
        labelledBy="task-panel-title"
        head={<span className="task-panel-number">#{task.number}</span>}
      >
        <div className="copy-panel-note" role="status">
          <p>
            <strong>You are offline.</strong> This is the board’s copy of the task. Its description, comments,
            files and activity show once the connection is back{others ? ` (it has ${others})` : ''}.
          </p>
          {board.canEdit ? <p>Changes you make here are saved when the connection is back.</p> : null}
        </div>
        <TitleField task={model.task} canEdit={board.canEdit} />
        {column ? <p className="copy-panel-column panel-muted">In {column}</p> : null}
        <TaskActions
          task={model.task}
          canEdit={board.canEdit}
          canAdmin={false}
          onDeleting={() => void navigate(close, { replace: true })}
        />
        <TaskFields model={model} canEdit={board.canEdit} />
        {task.checklist.total > 0 ? (
          <section className="panel-section" aria-labelledby="copy-checklist-title">
            <h3 id="copy-checklist-title">Checklists</h3>
            <p>
              {task.checklist.done} of {task.checklist.total} items done
            </p>
          </section>
        ) : null}
      </PanelFrame>
    </PanelBoardContext.Provider>
  );
}
