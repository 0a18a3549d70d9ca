/**
 * @module features/board/screen/card-menu — a card's context menu (right click, or Shift+F10 / the menu key on a
 * focused card), so keyboard and phone users never need to drag: Move to… (a column of this or another board, top
 * or bottom), Copy link, the board's labels ticked on or off for this card, Manage labels…, and Archive.
 */
import { Menu, type MenuItem } from '#app/components/menu.tsx';
import type { Label, Task } from '../model/board-model.ts';
import type { CardMenuState } from './card-menu-place.ts';

export interface CardMenuActions {
  onMove(): void;
  onCopyLink(): void;
  onLabels(labelIds: string[]): void;
  onManage(): void;
  onArchive(): void;
}

export function CardMenu({
  task,
  labels,
  at,
  actions,
  onClose,
}: {
  task: Task;
  labels: Label[];
  at: CardMenuState['at'];
  actions: CardMenuActions;
  onClose(): void;
}) {
  const labelItems: MenuItem[] = labels.map((label) => {
    const on = task.labelIds.includes(label.id);
    return {
      label: label.name,
      checked: on,
      icon: <span className={`label-dot label-${label.color}`} />,
      onSelect: () =>
        actions.onLabels(on ? task.labelIds.filter((id) => id !== label.id) : [...task.labelIds, label.id]),
    };
  });
  return (
    <Menu
      label={`Actions for ${task.title}`}
      at={at}
      onClose={onClose}
      items={[
        { label: 'Move to…', onSelect: actions.onMove },
        { label: 'Copy link', onSelect: actions.onCopyLink },
        ...labelItems,
        { label: 'Manage labels…', onSelect: actions.onManage },
        { label: 'Archive', onSelect: actions.onArchive, danger: true },
      ]}
    />
  );
}
