/**
 * @module features/board/dnd/card-sortable — a card's dnd-kit `useSortable`, and its stand-in for the server.
 *
 * On the server nothing can be dragged: `useSortable` there only works out six attributes, at the cost of a
 * dozen hooks and contexts per card (about a third of a 100-card board's render). The server uses a hook that
 * writes the same attributes directly; the browser, where `window` always exists, always uses dnd-kit's, so
 * each side calls one hook, in the same order, on every render (the isomorphic-hook pattern). The
 * hydrating render must match the server's HTML: `card-sortable.test.tsx` compares the two. Decision 143.
 */
import { useSortable } from '@dnd-kit/sortable';

/** The `DndContext` id of the board: dnd-kit names its keyboard instructions after it. */
export const BOARD_DND_ID = 'board-dnd-instructions';

export type CardSortableArgs = Parameters<typeof useSortable>[0] & {
  disabled: boolean;
  attributes: { roleDescription: string };
};

export type CardSortable = Pick<
  ReturnType<typeof useSortable>,
  'attributes' | 'listeners' | 'setNodeRef' | 'isDragging' | 'transform' | 'transition'
>;

/** What `useSortable` answers for a card at rest, in a board that is not dragging: no hooks at all. */
export function useStaticSortable({ disabled, attributes }: CardSortableArgs): CardSortable {
  return {
    attributes: {
      role: 'button',
      tabIndex: 0,
      'aria-disabled': disabled,
      'aria-pressed': undefined,
      'aria-roledescription': attributes.roleDescription,
      'aria-describedby': BOARD_DND_ID,
    },
    listeners: undefined,
    setNodeRef: () => {},
    isDragging: false,
    transform: null,
    transition: undefined,
  };
}

export const useCardSortable: (args: CardSortableArgs) => CardSortable =
  typeof window === 'undefined' ? useStaticSortable : useSortable;
