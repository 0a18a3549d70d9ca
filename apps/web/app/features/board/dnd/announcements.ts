/**
 * @module features/board/dnd/announcements — what a screen reader hears while a card or column is moved with the
 * keyboard: names and places ("Write the docs, position 2 of 5 in Doing"), not ids.
 */
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { type BoardModel, tasksIn } from '../model/board-model.ts';

export const instructions: ScreenReaderInstructions = {
  draggable:
    'To pick up a card or column, press space or enter. Use the arrow keys to move it, space or enter to drop it, escape to cancel. On a card, Shift+F10 opens its menu: move it to another column or board without dragging, copy its link, set its labels, or archive it. J and K go to the next and previous card; question mark lists every shortcut.',
};

export function announcements(model: () => BoardModel): Announcements {
  const describe = (id: string | number): string => {
    const m = model();
    const task = m.tasks.find((t) => t.id === id);
    if (task) {
      const column = m.columns.find((c) => c.id === task.columnId);
      const list = tasksIn(m, task.columnId);
      return `${task.title}, position ${list.indexOf(task) + 1} of ${list.length} in ${column?.name ?? 'a column'}`;
    }
    const column = m.columns.find((c) => c.id === id);
    if (column)
      return `column ${column.name}, position ${m.columns.indexOf(column) + 1} of ${m.columns.length}`;
    return 'an unknown item';
  };
  const name = (id: string | number): string => {
    const m = model();
    return (
      m.tasks.find((t) => t.id === id)?.title ?? `column ${m.columns.find((c) => c.id === id)?.name ?? ''}`
    );
  };
  /** Where `active` lands when dropped on `over`: over's place, since the sortable lists put it there. */
  const landing = (active: string | number, over: string | number): string => {
    const m = model();
    const task = m.tasks.find((t) => t.id === over);
    if (task) {
      const list = tasksIn(m, task.columnId);
      const column = m.columns.find((c) => c.id === task.columnId);
      return `position ${list.indexOf(task) + 1} of ${list.length} in ${column?.name ?? 'a column'}`;
    }
    const column = m.columns.find((c) => c.id === over);
    if (!column) return 'an unknown place';
    if (m.tasks.some((t) => t.id === active)) return `column ${column.name}`;
    return `position ${m.columns.indexOf(column) + 1} of ${m.columns.length} among the columns`;
  };
  return {
    onDragStart: ({ active }) => `Picked up ${describe(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${name(active.id)} is over ${describe(over.id)}.`
        : `${name(active.id)} is not over a place to drop.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Dropped ${name(active.id)} at ${landing(active.id, over.id)}.`
        : `${name(active.id)} was put back.`,
    onDragCancel: ({ active }) =>
      `Moving ${name(active.id)} was cancelled. It is back at ${describe(active.id)}.`,
  };
}
