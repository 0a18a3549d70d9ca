/**
 * @module features/board/dnd/card-sortable — what a card draws for dnd-kit while it holds no sortable: the
 * server's render, the hydrating one, and every card away from the view (decision 207).
 *
 * On the server nothing can be dragged, and `useSortable` there only works out six attributes at the cost of a
 * dozen hooks and contexts per card (decision 143). In the browser a card holds dnd-kit's hook only while it is
 * near the view (`card-binder`). Both times the card draws what dnd-kit gives a card at rest, so the hydrating
 * render matches the server's HTML and a card taking or leaving its sortable changes nothing on the page:
 * `card-sortable.test.tsx` compares the two.
 */
import type { useSortable } from '@dnd-kit/sortable';

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

const noNode = () => {};

/** What `useSortable` answers for a card at rest, in a board that is not dragging: no hooks at all. */
export function restingSortable({ disabled, attributes }: CardSortableArgs): CardSortable {
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
    setNodeRef: noNode,
    isDragging: false,
    transform: null,
    transition: undefined,
  };
}
