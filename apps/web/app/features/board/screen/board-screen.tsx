/**
 * @module features/board/screen/board-screen — the live board: filters, who else is here, the columns with their
 * cards, drag and drop, inline adds, and messages. Starts from the server-rendered board and stays in step
 * with the board channel.
 */

import { DndContext } from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { TagIcon } from '#app/components/icons.tsx';
import { afterFirstPaint } from '#app/lib/after-first-paint.ts';
import type { BoardPresence } from '#app/lib/board-presence.ts';
import { byName } from '#app/lib/names.ts';
import type { TaskWrites } from '#app/lib/task-writes.ts';
import { announcements, instructions } from '../dnd/announcements.ts';
import { BOARD_DND_ID } from '../dnd/card-sortable.ts';
import { useBoardDnd } from '../dnd/use-board-dnd.ts';
import { useItemIds } from '../dnd/use-item-ids.ts';
import type { BoardModel } from '../model/board-model.ts';
import { boardReducer } from '../model/board-reducer.ts';
import { useColumnCards } from '../model/column-cards.ts';
import type { BoardFilter } from '../model/filters.ts';
import { useBoardLive } from '../sync/use-board-live.ts';
import { useBoardWrites } from '../sync/use-board-writes.ts';
import { useServerCopy } from '../sync/use-server-copy.ts';
import { WriteQueue } from '../sync/write-queue.ts';
import { AddColumnForm } from './add-forms.tsx';
import { ConnectionBanner, FilterBar, Viewers } from './board-toolbar.tsx';
import { type CardMenuState, menuPlace } from './card-menu-place.ts';
import { ColumnView } from './column-view.tsx';
import { StarterColumns } from './starter-columns.tsx';
import { Toasts, useToasts } from './toasts.tsx';
import { useBoardShortcuts } from './use-shortcuts.ts';

const NO_DRAGS: Record<string, string> = {};

/**
 * Whether a card opens with no network: the panel route's code and the board's side of the panel's writes were
 * fetched ahead (said on `<html data-panel-code>`, which the end-to-end tests wait on too).
 */
const panelCodeReady = () => document.documentElement.dataset.panelCode === 'ready';

// Opens on demand: not part of the board's first paint.
const LabelManager = lazy(() => import('./label-manager.tsx').then((m) => ({ default: m.LabelManager })));
// The card menu's code: loaded once the page is idle, so the first menu opens at once (offline too).
const loadCardActions = () => import('./card-actions.tsx');
const CardActions = lazy(() => loadCardActions().then((m) => ({ default: m.CardActions })));

export interface BoardScreenProps {
  boardId: string;
  /** The board as the server read it (`fromBoard`), already trimmed to what the cards show. */
  initial: BoardModel;
  canEdit: boolean;
  /** Why the board cannot be changed (archived, or the role), shown above it; defaults to the role's wording. */
  readOnlyNotice?: string | null;
  me: { userId: string; displayName: string; avatarPath: string | null };
  initialFilter: BoardFilter;
  /** The board's URL, which its cards link under. */
  boardPath: string;
  /** Opens a card's panel (a client navigation to the nested task route). */
  onOpenTask(taskId: string): void;
  /** Handed the panel's way into the board's write queue (decision 196). */
  onTaskWrites?(writes: TaskWrites): void;
  /** Handed who is here and which task each has open, for the open panel's "Also here". */
  onPresence?(presence: BoardPresence): void;
}

/**
 * Memoised, with props that stay the same while a panel opens and closes above it: the board keeps its own
 * state, so a navigation to or from a task need not render it again (decision 125).
 */
export const BoardScreen = memo(function BoardScreen({
  boardId,
  initial,
  canEdit,
  readOnlyNotice,
  me: meProp,
  initialFilter,
  boardPath,
  onOpenTask,
  onTaskWrites,
  onPresence,
}: BoardScreenProps) {
  const [model, dispatch] = useReducer(boardReducer, initial);
  const modelRef = useRef<BoardModel>(model);
  modelRef.current = model;
  const getModel = useCallback(() => modelRef.current, []);
  const [filter, setFilter] = useState(initialFilter);
  const { toasts, show, dismiss } = useToasts();
  // Offline a panel cannot be read: it opens from the board's copy of the task (decision 203). Its code must be
  // here already: React Router answers a failed code load by reloading the page, which would leave the board
  // (and its queued writes) for the browser's offline page. Without it, the card says why it does not open
  // (decision 165).
  const openTask = useCallback(
    (taskId: string) => {
      if (navigator.onLine !== false || panelCodeReady()) onOpenTask(taskId);
      else show('You are offline: tasks open again once the connection is back.');
    },
    [onOpenTask, show],
  );
  const me = useMemo(() => meProp, [meProp.userId, meProp.displayName, meProp.avatarPath]);
  const [waiting, setWaiting] = useState(0);
  // Set when a write could not reach the server (even with the browser online); cleared once all are saved.
  const [retrying, setRetrying] = useState(false);
  const [queue] = useState(
    () =>
      new WriteQueue({
        onPending: (count) => {
          setWaiting(count);
          if (count === 0) setRetrying(false);
        },
        onRetry: () => setRetrying(true),
      }),
  );
  const live = useBoardLive(boardId, me, dispatch, queue);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const [cardMenu, setCardMenu] = useState<CardMenuState | null>(null);
  const openLabels = useCallback(() => setLabelsOpen(true), []);
  useBoardShortcuts(canEdit);

  useServerCopy(initial, dispatch, live.refetch);
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
  const writes = useBoardWrites({
    boardId,
    // `/w/:slug/b/:boardId`: the workspace's members are read by its slug for a card opened offline.
    workspaceSlug: boardPath.split('/')[2] ?? '',
    userId: me.userId,
    queue,
    model: getModel,
    dispatch,
    refused,
    resync: live.refetch,
  });

  useEffect(() => onTaskWrites?.(writes.taskWrites), [onTaskWrites, writes.taskWrites]);
  useEffect(
    () => onPresence?.({ viewers: live.viewers, viewTask: live.viewTask }),
    [onPresence, live.viewers, live.viewTask],
  );

  const dnd = useBoardDnd({
    model: getModel,
    dispatch,
    sendDrag: live.sendDrag,
    refused,
    persistTask: writes.persistTask,
    persistColumn: writes.persistColumn,
  });
  const a11y = useMemo(
    () => ({ announcements: announcements(getModel), screenReaderInstructions: instructions }),
    [getModel],
  );

  const openCardMenu = useCallback(
    (taskId: string, event: { clientX: number; clientY: number }, card: Element) =>
      setCardMenu({ taskId, at: menuPlace(event, card) }),
    [],
  );
  const endCardMenu = useCallback(() => setCardMenu(null), []);
  useEffect(() => {
    if (canEdit) afterFirstPaint(() => void loadCardActions().catch(() => undefined));
  }, [canEdit]);
  // Once the board is live, the panel's code is fetched ahead in idle time, for a card opened offline later
  // (decision 203); a fetch that fails is tried again the next time the board is live.
  const { preloadPanelWrites } = writes;
  useEffect(() => {
    if (live.connection !== 'live' || panelCodeReady()) return;
    afterFirstPaint(() => {
      const route = import('#app/lib/panel-code.ts').then((code) => code.preloadPanelCode());
      void Promise.all([route, preloadPanelWrites()]).then(
        () => (document.documentElement.dataset.panelCode = 'ready'),
        () => undefined,
      );
    });
  }, [live.connection, preloadPanelWrites]);

  const changeFilter = useCallback((next: BoardFilter) => {
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
  }, []);

  const columnIds = useItemIds(model.columns);
  const cards = useColumnCards(model, filter);
  const labels = useMemo(() => Object.fromEntries(model.labels.map((l) => [l.id, l])), [model.labels]);
  const people = useMemo(
    () => Object.entries(model.profiles).sort(([, a], [, b]) => byName(a.name, b.name)),
    [model.profiles],
  );
  const dragNames = useMemo(() => {
    // The same empty record while nobody drags: a teammate arriving does not render every column.
    if (Object.keys(live.remoteDrags).length === 0) return NO_DRAGS;
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
        <div className="board-toolbar-end">
          <Viewers viewers={live.viewers} profiles={model.profiles} />
          {canEdit ? (
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setLabelsOpen(true)}>
              <TagIcon />
              Labels
            </button>
          ) : null}
        </div>
      </div>
      <ConnectionBanner connection={live.connection} waiting={waiting} retrying={retrying} />
      {/* A live region: a demotion while the board is open is announced, not only drawn. */}
      <div role="status" className="board-readonly">
        {!canEdit ? (readOnlyNotice ?? 'You can view this board. Your role does not allow changes.') : null}
      </div>
      {model.columns.length === 0 && canEdit ? <StarterColumns onAdd={writes.addColumn} /> : null}
      <DndContext id={BOARD_DND_ID} accessibility={a11y} {...dnd}>
        <SortableContext items={columnIds} strategy={horizontalListSortingStrategy}>
          <ol className="lanes" aria-label="Columns">
            {model.columns.map((column) => {
              const hidden = model.hidden?.[column.id] ?? 0;
              return (
                <ColumnView
                  key={column.id}
                  column={column}
                  tasks={cards[column.id]?.shown ?? []}
                  total={(cards[column.id]?.count ?? 0) + hidden}
                  hidden={hidden}
                  labels={labels}
                  profiles={model.profiles}
                  canEdit={canEdit}
                  dragNames={dragNames}
                  onAddTask={writes.addTask}
                  columns={model.columns}
                  actions={writes}
                  onCardMenu={canEdit ? openCardMenu : undefined}
                  boardPath={boardPath}
                  onOpenTask={openTask}
                />
              );
            })}
            {canEdit ? (
              <li className="lane lane-new" aria-label="Add column">
                <AddColumnForm onAdd={writes.addColumn} />
              </li>
            ) : null}
          </ol>
        </SortableContext>
      </DndContext>
      {model.columns.length === 0 && !canEdit ? (
        <p className="empty-state">This board has no columns yet.</p>
      ) : null}
      {cardMenu ? (
        <Suspense fallback={null}>
          <CardActions
            menu={cardMenu}
            model={model}
            getModel={getModel}
            dispatch={dispatch}
            writes={writes}
            refused={refused}
            show={show}
            boardPath={boardPath}
            onManageLabels={openLabels}
            onDone={endCardMenu}
          />
        </Suspense>
      ) : null}
      {labelsOpen ? (
        <Suspense fallback={null}>
          <LabelManager labels={model.labels} actions={writes} onClose={() => setLabelsOpen(false)} />
        </Suspense>
      ) : null}
      <Toasts toasts={toasts} dismiss={dismiss} />
    </div>
  );
});
