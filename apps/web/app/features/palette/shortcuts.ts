/**
 * @module features/palette/shortcuts — every keyboard shortcut of the app, grouped as the `?` sheet shows them.
 * One list: when a key is added to the board or the palette, it is added here.
 */

export interface Shortcut {
  /** Key combinations, each a list of keys pressed together ("Ctrl", "K"). */
  keys: string[][];
  what: string;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: Shortcut[];
}

/** "Ctrl" becomes "⌘" on a Mac, where Cmd-K opens the palette. */
export function shortcutGroups(mac: boolean): ShortcutGroup[] {
  const mod = mac ? '⌘' : 'Ctrl';
  return [
    {
      title: 'Everywhere',
      shortcuts: [
        { keys: [[mod, 'K']], what: 'Open the command palette: boards, tasks, people and actions' },
        { keys: [['?']], what: 'Show these shortcuts' },
        { keys: [['Esc']], what: 'Close a dialog, menu or the task panel' },
      ],
    },
    {
      title: 'Board',
      shortcuts: [
        { keys: [['j'], ['k']], what: 'Go to the next or previous card' },
        { keys: [['Enter']], what: 'Open the focused card' },
        {
          keys: [['Shift', 'F10'], ['Menu']],
          what: 'Card menu: move to a column, copy link, labels, archive',
        },
        { keys: [['/']], what: 'Filter the cards' },
        { keys: [['n']], what: 'New task in the focused column' },
        { keys: [['Space']], what: 'Pick up the focused card or column; Space again drops it' },
        { keys: [['←'], ['→'], ['↑'], ['↓']], what: 'Move what you picked up' },
      ],
    },
    {
      title: 'Command palette and menus',
      shortcuts: [
        { keys: [['↑'], ['↓']], what: 'Move between results or items' },
        { keys: [['Enter']], what: 'Choose' },
        { keys: [['Home'], ['End']], what: 'First or last item of a menu' },
      ],
    },
  ];
}
