/**
 * @module features/board/dnd/use-board-dnd — drag and drop of cards (within and across columns) and of columns,
 * with the mouse, touch and the keyboard. The card moves on screen at once; the server is then told its new
 * neighbours (`move_task` / `move_column`); a refusal puts it back and says why.
 */
import {
  type Active,
  type Collision,
  type CollisionDetection,
  closestCenter,
  closestCorners,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  type Over,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useEffect, useMemo, useRef } from 'react';
import { type BoardModel, neighboursOf, tasksIn } from '../model/board-model.ts';
import { type BoardAction, boardReducer } from '../model/board-reducer.ts';
import type { CardMoveDeps } from './card-moves.ts';

type Kind = 'task' | 'column';
const kindOf = (item: { data: { current?: Record<string, unknown> | undefined } } | null | undefined) =>
  item?.data.current?.type as Kind | undefined;

interface Origin {
  kind: Kind;
  id: string;
  columnId: string;
  position: string;
  neighbours: string;
}

/** What a card move needs (`card-moves`), and for columns and teammates' drag marks. */
export interface DndDeps extends CardMoveDeps {
  persistColumn(input: {
    columnId: string;
    beforeId: string | null;
    afterId: string | null;
  }): Promise<string | null>;
  sendDrag(drag: { taskId: string; columnId: string | null; index: number }): void;
}

/**
 * Cards land on cards first, then on the column under the pointer; columns only on columns.
 *
 * With a pointer over no droppable (the gap between two columns), the drop stays where it last was. Measuring
 * the nearest corners there flipped between the two columns: each move of the card changes the layout, which
 * changes the nearest corner, which moved the card back, and dnd-kit's sortable then set state without end
 * (React error 185, "Maximum update depth exceeded"; found by `bench/drag.ts` on a 450-card board). The
 * keyboard has no pointer, so it still uses the nearest corners.
 */
function collisionsKeeping(last: { current: Collision[] }): CollisionDetection {
  return (args) => {
    if (kindOf(args.active) === 'column') {
      return closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((c) => kindOf(c) === 'column'),
      });
    }
    if (!args.pointerCoordinates) return closestCorners(args);
    const within = pointerWithin(args);
    const card = within.find((c) => kindOf(args.droppableContainers.find((d) => d.id === c.id)) === 'task');
    const hit = card ?? within[0] ?? (last.current.length === 0 ? closestCorners(args)[0] : undefined);
    // The same array while the target stays the same: a new one changes dnd-kit's public context at every
    // pointer move, and React then searches the whole board for its readers (decision 207).
    if (hit && hit.id !== last.current[0]?.id) last.current = [hit];
    return last.current;
  };
}

/**
 * Left and right take a card to the next column over. (dnd-kit's sortable getter picks the closest droppable
 * to that side, and a card's own column, which encloses it, always counts as one: it would never leave.)
 */
function keyboardCoordinates(model: () => BoardModel): KeyboardCoordinateGetter {
  return (event, args) => {
    const { active, collisionRect, droppableRects } = args.context;
    const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    if (!step || kindOf(active) !== 'task' || !collisionRect) return sortableKeyboardCoordinates(event, args);
    const m = model();
    const from = m.tasks.find((t) => t.id === active?.id)?.columnId;
    const at = m.columns.findIndex((c) => c.id === from);
    const next = m.columns[at + step];
    const rect = next ? droppableRects.get(next.id) : undefined;
    if (!rect) return;
    event.preventDefault();
    return { x: rect.left + 8, y: rect.top + 40 };
  };
}

/** A pointer drag starts after 4 px, so a click on a card still opens it. */
const POINTER = { activationConstraint: { distance: 4 } };

/** Where a dragged card goes when it is over `over`: a column and an index among its other cards. */
function target(model: BoardModel, active: Active, over: Over): { columnId: string; index: number } | null {
  const activeId = String(active.id);
  if (kindOf(over) === 'column') {
    const columnId = String(over.id);
    const others = tasksIn(model, columnId).filter((t) => t.id !== activeId);
    const current = model.tasks.find((t) => t.id === activeId);
    // Over the column itself (its head or empty space): the end, unless it is already in it.
    return current?.columnId === columnId ? null : { columnId, index: others.length };
  }
  const overTask = model.tasks.find((t) => t.id === over.id);
  const moving = model.tasks.find((t) => t.id === activeId);
  if (!overTask || !moving || overTask.id === activeId) return null;
  const column = tasksIn(model, overTask.columnId);
  const overIndex = column.findIndex((t) => t.id === overTask.id);
  if (moving.columnId === overTask.columnId) {
    // Within a column the card takes the place of the one it is over (as arrayMove does).
    return { columnId: overTask.columnId, index: overIndex };
  }
  const translated = active.rect.current.translated;
  const below = translated ? translated.top > over.rect.top + over.rect.height / 2 : false;
  return { columnId: overTask.columnId, index: overIndex + (below ? 1 : 0) };
}

export function useBoardDnd(deps: DndDeps) {
  const origin = useRef<Origin | null>(null);
  const lastCollision = useRef<Collision[]>([]);
  const depsRef = useRef(deps);
  depsRef.current = deps;
  // Cards are links (decision 123): the click that ends a pointer drag must not follow one. dnd-kit stops that
  // click's propagation but not its default; this listener runs before it (window, capture) and cancels it.
  const dragging = useRef(false);
  useEffect(() => {
    const swallow = (event: MouseEvent) => {
      if (dragging.current) event.preventDefault();
    };
    window.addEventListener('click', swallow, true);
    return () => window.removeEventListener('click', swallow, true);
  }, []);
  // Options of the same identity on every render: dnd-kit memoises each sensor on its options object, and new
  // sensors changed its context, which rendered every card again whenever the board rendered (decision 149).
  const keyboard = useMemo(
    () => ({ coordinateGetter: keyboardCoordinates(() => depsRef.current.model()) }),
    [],
  );
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, keyboard));

  return useMemo(() => {
    const d = () => depsRef.current;
    const neighboursKey = (list: { id: string }[], id: string) => JSON.stringify(neighboursOf(list, id));

    /** Until the click that ends this drag (dispatched right after the pointer is released) has passed. */
    function dragEnded() {
      setTimeout(() => {
        dragging.current = false;
      }, 0);
    }

    function onDragStart({ active }: DragStartEvent) {
      dragging.current = true;
      lastCollision.current = [];
      const model = d().model();
      const id = String(active.id);
      if (kindOf(active) === 'column') {
        const column = model.columns.find((c) => c.id === id);
        if (column) {
          origin.current = {
            kind: 'column',
            id,
            columnId: id,
            position: column.position,
            neighbours: neighboursKey(model.columns, id),
          };
        }
        return;
      }
      const task = model.tasks.find((t) => t.id === id);
      if (!task) return;
      const column = tasksIn(model, task.columnId);
      origin.current = {
        kind: 'task',
        id,
        columnId: task.columnId,
        position: task.position,
        neighbours: neighboursKey(column, id),
      };
      d().sendDrag({ taskId: id, columnId: task.columnId, index: column.findIndex((t) => t.id === id) });
    }

    function onDragOver({ active, over }: DragOverEvent) {
      if (kindOf(active) !== 'task' || !over) return;
      const model = d().model();
      const to = target(model, active, over);
      const task = model.tasks.find((t) => t.id === active.id);
      // Only moves to another column are shown while dragging; the sortable list animates moves within one.
      if (!to || !task || to.columnId === task.columnId) return;
      d().dispatch({ type: 'place-task', taskId: task.id, ...to });
      d().sendDrag({ taskId: task.id, ...to });
    }

    function cancel() {
      dragEnded();
      const from = origin.current;
      origin.current = null;
      if (!from) return;
      if (from.kind === 'column')
        d().dispatch({ type: 'restore-column', columnId: from.id, position: from.position });
      else {
        d().dispatch({
          type: 'restore-task',
          taskId: from.id,
          columnId: from.columnId,
          position: from.position,
        });
        d().sendDrag({ taskId: from.id, columnId: null, index: -1 });
      }
    }

    async function onDragEnd({ active, over }: DragEndEvent) {
      dragEnded();
      const from = origin.current;
      if (!from || !over) return cancel();
      origin.current = null;
      let model = d().model();
      if (from.kind === 'column') {
        const to = model.columns.findIndex((c) => c.id === over.id);
        if (to >= 0 && over.id !== from.id) {
          const action: BoardAction = { type: 'place-column', columnId: from.id, index: to };
          model = boardReducer(model, action);
          d().dispatch(action);
        }
        const neighbours = neighboursOf(model.columns, from.id);
        if (JSON.stringify(neighbours) === from.neighbours) return;
        const refused = await d().persistColumn({ columnId: from.id, ...neighbours });
        if (refused) {
          d().dispatch({ type: 'restore-column', columnId: from.id, position: from.position });
          d().refused(refused);
        }
        return;
      }
      const to = target(model, active, over);
      if (to) {
        const action: BoardAction = { type: 'place-task', taskId: from.id, ...to };
        model = boardReducer(model, action);
        d().dispatch(action);
      }
      d().sendDrag({ taskId: from.id, columnId: null, index: -1 });
      const task = model.tasks.find((t) => t.id === from.id);
      if (!task) return;
      const column = tasksIn(model, task.columnId);
      const neighbours = neighboursOf(column, task.id);
      if (task.columnId === from.columnId && JSON.stringify(neighbours) === from.neighbours) return;
      const refused = await d().persistTask({ taskId: task.id, columnId: task.columnId, ...neighbours });
      if (refused) {
        d().dispatch({
          type: 'restore-task',
          taskId: from.id,
          columnId: from.columnId,
          position: from.position,
        });
        d().refused(refused);
      }
    }

    return {
      sensors,
      collisionDetection: collisionsKeeping(lastCollision),
      onDragStart,
      onDragOver,
      onDragEnd,
      onDragCancel: cancel,
    };
  }, [sensors]);
}
