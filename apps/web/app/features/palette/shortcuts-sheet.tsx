/**
 * @module features/palette/shortcuts-sheet — the `?` dialog listing every keyboard shortcut, grouped. Loaded
 * when it first opens.
 */
import { Dialog } from '#app/components/dialog.tsx';
import paletteCss from './palette.css?inline';
import { shortcutGroups } from './shortcuts.ts';

export function ShortcutsSheet({ onClose }: { onClose(): void }) {
  const mac = /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose}>
      <style href="palette-css" precedence="default">
        {paletteCss}
      </style>
      <div className="shortcuts">
        {shortcutGroups(mac).map((group) => (
          <section key={group.title} className="shortcuts-group">
            <h3>{group.title}</h3>
            <dl className="shortcuts-list">
              {group.shortcuts.map((shortcut) => (
                <div key={shortcut.what} className="shortcuts-row">
                  <dt>
                    {shortcut.keys.map((combo, i) => (
                      <span key={combo.join('+')}>
                        {i > 0 ? <span className="shortcuts-or"> or </span> : null}
                        {combo.map((key, j) => (
                          <span key={key}>
                            {j > 0 ? ' + ' : null}
                            <kbd className="shortcuts-key">{key}</kbd>
                          </span>
                        ))}
                      </span>
                    ))}
                  </dt>
                  <dd>{shortcut.what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
