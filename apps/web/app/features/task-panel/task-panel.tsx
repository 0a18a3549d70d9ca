/**
 * @module features/task-panel/task-panel — the task panel over the board: a dialog holding the task's title,
 * description, checklists, comments and activity beside a sidebar of its properties. Focus moves in when it
 * opens and back to the card when it closes; Esc and the close link return to the board's URL.
 */
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { PanelBoard } from '#app/lib/panel-board.ts';
import { ActivityList } from './activity-list.tsx';
import { AlsoHere } from './also-here.tsx';
import { AttachmentList } from './attachment-list.tsx';
import { AttachmentUpload } from './attachment-upload.tsx';
import { ChecklistSection } from './checklist-section.tsx';
import { CommentThread } from './comment-thread.tsx';
import { DescriptionField } from './description-field.tsx';
import type { PanelActionResult } from './panel-actions.server.ts';
import { PanelBoardContext } from './panel-board-context.ts';
import { PanelFrame, usePanelClose } from './panel-frame.tsx';
import { type PanelModel, panelReducer } from './panel-model.ts';
import { TaskActions } from './task-actions.tsx';
import { TaskFields } from './task-fields.tsx';
import { TitleField } from './title-field.tsx';
import { usePanelLive } from './use-panel-live.ts';
import { WatchButton } from './watch-button.tsx';

export interface TaskPanelProps {
  model: PanelModel;
  canEdit: boolean;
  canAdmin: boolean;
  me: string;
  boardPath: string;
  workspaceId: string;
  description: { source: string; html: string };
  /** The reader watches this task (decision 181). */
  watching: boolean;
  /** Read before the click (`lib/early-panel`): up to a few seconds old, so read again once live. */
  openedEarly?: boolean;
  /** The board around the panel (none in a test, or should it ever open on its own). */
  board?: PanelBoard | undefined;
  /** The route action's answer to a plain form posted without JavaScript (a refusal shows at its field). */
  answer?: PanelActionResult | undefined;
}

const NO_COLUMNS: Record<string, string> = {};

export function TaskPanel(props: TaskPanelProps) {
  const {
    model: initial,
    canEdit: roleCanEdit,
    canAdmin,
    me,
    boardPath,
    workspaceId,
    description,
    watching,
    openedEarly,
    board,
    answer,
  } = props;
  const [model, dispatch] = useReducer(panelReducer, initial);
  // A newer server copy (after a save or a live refetch) replaces ours.
  useEffect(() => dispatch({ type: 'reset', model: initial }), [initial]);

  // An archived board is read-only for everyone; a member demoted while the panel is open, at once (the
  // board route passes its live `canEdit` down, decision 191).
  const canEdit = roleCanEdit && (board?.canEdit ?? true);
  const columns = board?.columnNames ?? NO_COLUMNS;

  const navigate = useNavigate();
  const close = usePanelClose(boardPath);
  // Deleted here or by a teammate: the panel has nothing left to show, so it leaves for the board (refetching
  // it would only answer 404).
  usePanelLive(initial.task.id, dispatch, () => void navigate(close, { replace: true }), openedEarly);
  const panel = useRef<HTMLElement>(null);

  const { task } = model;
  const uploadTo = useMemo(() => ({ workspaceId, taskId: task.id }), [workspaceId, task.id]);
  return (
    <PanelBoardContext.Provider value={board}>
      <PanelFrame
        taskId={task.id}
        boardPath={boardPath}
        labelledBy="task-panel-title"
        head={<span className="task-panel-number">#{task.number}</span>}
        frame={panel}
      >
        <AlsoHere taskId={task.id} presence={board?.presence} />
        {/* Text on the left, properties on the right; one column, properties first, on narrow screens (decision 200). */}
        <div className="panel-layout">
          <div className="panel-layout-title">
            <TitleField task={task} canEdit={canEdit} />
          </div>
          <div className="panel-layout-side">
            <TaskFields model={model} canEdit={canEdit} columns={columns} answer={answer} />
            <div className="panel-layout-actions">
              <WatchButton taskId={task.id} watching={watching} />
              <TaskActions
                task={task}
                canEdit={canEdit}
                canAdmin={canAdmin}
                onDeleting={() => void navigate(close, { replace: true })}
              />
            </div>
          </div>
          <div className="panel-layout-main">
            <DescriptionField
              task={task}
              canEdit={canEdit}
              rendered={description}
              workspaceId={workspaceId}
              me={me}
            />
            <ChecklistSection taskId={task.id} items={model.checklist} canEdit={canEdit} />
            <section className="panel-section" aria-labelledby="task-files-title">
              <h3 id="task-files-title">Attachments</h3>
              <AttachmentList
                taskId={task.id}
                attachments={model.attachments}
                me={me}
                canEdit={canEdit}
                canAdmin={canAdmin}
                coverId={task.cover_attachment_id}
                fileUrl={(id) => `${boardPath}/t/${task.id}/files/${id}`}
              />
              {canEdit ? <AttachmentUpload where={uploadTo} dropTarget={panel} /> : null}
            </section>
            <CommentThread
              taskId={task.id}
              comments={model.comments}
              me={me}
              canEdit={canEdit}
              canAdmin={canAdmin}
              workspaceId={workspaceId}
              people={model.people}
            />
            <ActivityList entries={model.activity} columns={columns} />
          </div>
        </div>
      </PanelFrame>
    </PanelBoardContext.Provider>
  );
}
