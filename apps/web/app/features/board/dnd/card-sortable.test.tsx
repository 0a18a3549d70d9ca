/**
 * What a card draws without a sortable (decisions 143 and 207) must be exactly what dnd-kit's hook gives a card
 * at rest: or the hydrating render would not match the server's HTML, and a card taking its sortable as it
 * comes near the view would change on the page. Each side renders a card-like element in the board's dnd-kit
 * contexts, for a card that can be moved and one that cannot.
 */
import { DndContext } from '@dnd-kit/core';
import { SortableContext, useSortable } from '@dnd-kit/sortable';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BOARD_DND_ID, type CardSortableArgs, restingSortable } from './card-sortable.ts';
import { sortableStyle, sortableTransition } from './motion.ts';

function Card({ use, args }: { use: typeof restingSortable; args: CardSortableArgs }) {
  const sortable = use(args);
  return (
    <li style={sortableStyle(sortable)} data-dragging={String(sortable.isDragging)}>
      <a href="#card" {...sortable.attributes} {...(sortable.listeners ?? {})}>
        card
      </a>
    </li>
  );
}

function board(use: typeof restingSortable, disabled: boolean) {
  const args: CardSortableArgs = {
    id: 't1',
    data: { type: 'task', columnId: 'c1' },
    disabled,
    transition: sortableTransition(),
    attributes: { roleDescription: 'task card' },
  };
  return renderToString(
    <DndContext id={BOARD_DND_ID}>
      <SortableContext items={['t1', 't2']}>
        <ol>
          <Card use={use} args={args} />
        </ol>
      </SortableContext>
    </DndContext>,
  );
}

describe('restingSortable', () => {
  it.each([
    ['a card that can be moved', false],
    ['a card that cannot', true],
  ])('writes what dnd-kit writes for %s', (_, disabled) => {
    const dndKit = board(useSortable, disabled);
    expect(dndKit).toContain(`aria-disabled="${disabled}"`);
    expect(dndKit).toContain(`aria-describedby="${BOARD_DND_ID}"`);
    expect(board(restingSortable, disabled)).toBe(dndKit);
  });
});
