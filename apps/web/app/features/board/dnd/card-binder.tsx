/**
 * @module features/board/dnd/card-binder — a card's dnd-kit `useSortable`, held apart from the card's elements
 * (decision 207).
 *
 * dnd-kit renders every sortable again when a drag starts and at each change of its drop target; on a 450-card
 * board that was most of a keyboard pick-up (decision 206). A card mounts this binder only while a pointer or a
 * key can reach it (near the view, focused, pressed or dragged): `useCardBinding` decides. The binder renders
 * nothing: it points dnd-kit at the card's own `li` and hands the card what it needs to draw, only when that
 * changed. The card keeps its elements for its whole life, so one turning live never loses a click or the
 * focus.
 */
import { useSortable } from '@dnd-kit/sortable';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { type CardSortable, type CardSortableArgs, restingSortable } from './card-sortable.ts';
import type { WatchNear } from './near-cards.ts';

/**
 * A card's side of the binding: its `li` ref, what it draws now, whether its binder is mounted, and `wake`,
 * which binds it at once when a press or a key reaches it before it was near (the observer reports a card
 * scrolled in a frame later) and returns its sortable. `hold` keeps it bound while it has the focus.
 */
export function useCardBinding(args: CardSortableArgs, dragged: boolean, watchNear: WatchNear | undefined) {
  const movable = !args.disabled;
  const node = useRef<HTMLLIElement>(null);
  const [near, setNear] = useState(false);
  const [held, hold] = useState(false);
  const [bound, setBound] = useState<CardSortable | null>(null);
  const latest = useRef<CardSortable | null>(null);
  const onBind = useCallback((next: CardSortable | null) => {
    latest.current = next;
    setBound(next);
  }, []);
  useEffect(() => {
    const element = node.current;
    if (!movable || !watchNear || !element) return;
    return watchNear(element, setNear);
  }, [movable, watchNear]);
  const live = movable && (near || held || dragged);
  const wake = () => {
    if (!latest.current && movable) flushSync(() => hold(true));
    return latest.current;
  };
  return {
    node,
    sortable: (live && bound) || restingSortable(args),
    binder: live ? <CardBinder args={args} node={node} onBind={onBind} /> : null,
    wake,
    hold,
  };
}

export interface CardBinderProps {
  args: CardSortableArgs;
  /** The card's `li`, there from the card's first commit to its last. */
  node: RefObject<HTMLElement | null>;
  /** Takes the card's sortable while bound, and `null` once the binder goes. */
  onBind(sortable: CardSortable | null): void;
}

export function CardBinder({ args, node, onBind }: CardBinderProps) {
  const sortable = useSortable(args);
  const { setNodeRef } = sortable;
  const handed = useRef<CardSortable | null>(null);
  // The card's `li` is attached before this effect runs: the binder comes after it in the card's render.
  useLayoutEffect(() => {
    setNodeRef(node.current);
    return () => {
      setNodeRef(null);
      handed.current = null;
      onBind(null);
    };
  }, [setNodeRef, node, onBind]);
  useLayoutEffect(() => {
    if (handed.current && sameSortable(handed.current, sortable)) return;
    const next: CardSortable = {
      attributes: sortable.attributes,
      listeners: sortable.listeners,
      setNodeRef,
      isDragging: sortable.isDragging,
      transform: sortable.transform,
      transition: sortable.transition,
    };
    handed.current = next;
    onBind(next);
  });
  return null;
}

/** The transform is a new object at each render of a displaced card: compared by value. */
function sameSortable(a: CardSortable, b: CardSortable): boolean {
  const t = a.transform;
  const u = b.transform;
  const sameTransform =
    t === u || (!!t && !!u && t.x === u.x && t.y === u.y && t.scaleX === u.scaleX && t.scaleY === u.scaleY);
  return (
    sameTransform &&
    a.attributes === b.attributes &&
    a.listeners === b.listeners &&
    a.isDragging === b.isDragging &&
    a.transition === b.transition
  );
}
