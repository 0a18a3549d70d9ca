/**
 * @module features/board/card-menu — a card's context menu (right click, or Shift+F10 / the menu key on a
 * focused card): tick the board's labels on or off for that card; "Manage labels…" opens the label dialog.
 */
import { Menu } from '../../components/menu.tsx';
import type { Label, Task } from './board-model.ts';

export interface CardMenuState {
  taskId: string;
  at: { x: number; y: number };
}

/** Where a card's context menu opens: at the pointer, or under the card when opened from the keyboard. */
export function menuPlace(event: { clientX: number; clientY: number }, card: Element): CardMenuState['at'] {
  if (event.clientX > 0 || event.clientY > 0) return { x: event.clientX, y: event.clientY };
  const box = card.getBoundingClientRect();
  return { x: box.left + 8, y: box.bottom - 4 };
}

export function CardMenu({
  task,
  labels,
  at,
  onLabels,
  onManage,
  onClose,
}: {
  task: Task;
  labels: Label[];
  at: CardMenuState['at'];
  onLabels(labelIds: string[]): void;
  onManage(): void;
  onClose(): void;
}) {
  const items = labels.map((label) => {
    const on = task.labelIds.includes(label.id);
    return {
      label: label.name,
      checked: on,
      icon: <span className={`label-dot label-${label.color}`} />,
      onSelect: () =>
        onLabels(on ? task.labelIds.filter((id) => id !== label.id) : [...task.labelIds, label.id]),
    };
  });
  return (
    <Menu
      label={`Labels of ${task.title}`}
      at={at}
      onClose={onClose}
      items={[...items, { label: 'Manage labels…', onSelect: onManage }]}
    />
  );
}
