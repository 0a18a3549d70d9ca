/**
 * @module features/board/board-screen — the live board: filters, who else is here, the columns with their
 * cards, drag and drop, inline adds, and messages. Starts from the server-rendered board and stays in step
 * with the board channel.
 */

import { DndContext } from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { usePublicEnv } from '../../lib/public-env.ts';
import { AddColumnForm } from './add-forms.tsx';
import { announcements, instructions } from './announcements.ts';
import { type BoardModel, tasksIn } from './board-model.ts';
import { boardReducer } from './board-reducer.ts';
import { ConnectionBanner, FilterBar, Viewers } from './board-toolbar.tsx';
import { ColumnView } from './column-view.tsx';
import { type BoardFilter, matchesFilter } from './filters.ts';
import { Toasts, useToasts } from './toasts.tsx';
import { useBoardDnd } from './use-board-dnd.ts';
import { loadLive, useBoardLive } from './use-board-live.ts';
import { useBoardShortcuts } from './use-shortcuts.ts';

export interface BoardScreenProps {
  boardId: string;
  /** The board as the server read it (`fromBoard`), already trimmed to what the cards show. */
  initial: BoardModel;
  canEdit: boolean;
  me: { userId: string; displayName: string; avatarPath: string | null };
  initialFilter: BoardFilter;
}

export function BoardScreen({ boardId, initial, canEdit, me: meProp, initialFilter }: BoardScreenProps) {
  const env = usePublicEnv();
  const [model, dispatch] = useReducer(boardReducer, initial);
  const modelRef = useRef<BoardModel>(model);
  modelRef.current = model;
  const getModel = useCallback(() => modelRef.current, []);
  const [filter, setFilter] = useState(initialFilter);
  const { toasts, show, dismiss } = useToasts();
  const me = useMemo(() => meProp, [meProp.userId, meProp.displayName, meProp.avatarPath]);
  const live = useBoardLive(boardId, me, dispatch);
  useBoardShortcuts(canEdit);

  // A newer server copy of the board (after a revalidation) replaces ours.
  useEffect(() => dispatch({ type: 'reset', model: initial }), [initial]);
  useEffect(() => {
    if (model.stale) live.refetch();
  }, [model.stale, live.refetch]);

  const refused = useCallback(
    (message: string) => {
      show(message);
      live.refetch();
    },
    [show, live.refetch],
  );
  const writes = useCallback(async () => (await loadLive()).boardWrites(env), [env]);

  const dnd = useBoardDnd({
    model: getModel,
    dispatch,
    sendDrag: live.sendDrag,
    refused,
    persistTask: async (input) => {
      const answer = await (await writes()).moveTask(input);
      if (answer.ok) dispatch({ type: 'task-row', row: answer.value });
      return answer.ok ? null : answer.message;
    },
    persistColumn: async (input) => {
      const answer = await (await writes()).moveColumn(input);
      if (answer.ok) dispatch({ type: 'column-row', row: answer.value });
      return answer.ok ? null : answer.message;
    },
  });
  const a11y = useMemo(
    () => ({ announcements: announcements(getModel), screenReaderInstructions: instructions }),
    [getModel],
  );

  const addTask = useCallback(
    async (columnId: string, title: string) => {
      const answer = await (await writes()).createTask({ boardId: boardId, columnId, title });
      if (answer.ok) dispatch({ type: 'task-row', row: answer.value });
      return answer.ok ? null : answer.message;
    },
    [writes, boardId],
  );
  const addColumn = useCallback(
    async (name: string) => {
      const answer = await (await writes()).createColumn({ boardId: boardId, name });
      if (answer.ok) dispatch({ type: 'column-row', row: answer.value });
      return answer.ok ? null : answer.message;
    },
    [writes, boardId],
  );

  function changeFilter(next: BoardFilter) {
    setFilter(next);
    // Shareable without a navigation (which would reload the board).
    const url = new URL(window.location.href);
    for (const [key, value] of [
      ['q', next.text],
      ['assignee', next.assignee],
      ['label', next.label],
    ] as const) {
      if (value) url.searchParams.set(key, value);
      else url.searchParams.delete(key);
    }
    window.history.replaceState(window.history.state, '', url);
  }

  const labels = useMemo(() => Object.fromEntries(model.labels.map((l) => [l.id, l])), [model.labels]);
  const people = useMemo(
    () => Object.entries(model.profiles).sort(([, a], [, b]) => a.name.localeCompare(b.name)),
    [model.profiles],
  );
  const dragNames = useMemo(() => {
    const names: Record<string, string> = {};
    for (const [taskId, drag] of Object.entries(live.remoteDrags)) {
      names[taskId] = live.viewers.find((v) => v.userId === drag.userId)?.displayName || 'A teammate';
    }
    return names;
  }, [live.remoteDrags, live.viewers]);

  return (
    <div className="board" data-connection={live.connection}>
      <div className="board-toolbar">
        <FilterBar filter={filter} labels={model.labels} people={people} onChange={changeFilter} />
        <Viewers viewers={live.viewers} profiles={model.profiles} />
      </div>
      <ConnectionBanner connection={live.connection} />
      {!canEdit ? (
        <p className="board-readonly">You can view this board. Your role does not allow changes.</p>
      ) : null}
      <DndContext id="board-dnd-instructions" accessibility={a11y} {...dnd}>
        <SortableContext items={model.columns.map((c) => c.id)} strategy={horizontalListSortingStrategy}>
          <ol className="lanes" aria-label="Columns">
            {model.columns.map((column) => {
              const all = tasksIn(model, column.id);
              return (
                <ColumnView
                  key={column.id}
                  column={column}
                  tasks={all.filter((t) => matchesFilter(t, filter))}
                  total={all.length}
                  labels={labels}
                  profiles={model.profiles}
                  canEdit={canEdit}
                  dragNames={dragNames}
                  onAddTask={addTask}
                />
              );
            })}
            {canEdit ? (
              <li className="lane lane-new" aria-label="Add column">
                <AddColumnForm onAdd={addColumn} />
              </li>
            ) : null}
          </ol>
        </SortableContext>
      </DndContext>
      {model.columns.length === 0 && !canEdit ? (
        <p className="empty-state">This board has no columns yet.</p>
      ) : null}
      <Toasts toasts={toasts} dismiss={dismiss} />
    </div>
  );
}
