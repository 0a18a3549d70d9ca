/**
 * @module features/palette/palette — the command palette (Cmd/Ctrl-K): an ARIA 1.2 combobox whose listbox holds
 * boards, tasks found as you type, people and actions, in groups. The field keeps the focus; ↑/↓ move the
 * active option (`aria-activedescendant`), Enter chooses it, Esc closes. Loaded on the first Cmd/Ctrl-K.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '#app/components/dialog.tsx';
import { usePublicEnv } from '#app/lib/public-env.ts';
import paletteCss from './palette.css?inline';
import {
  cachedDirectory,
  type Directory,
  EMPTY_DIRECTORY,
  loadDirectory,
  searchTasks,
} from './palette-data.ts';
import { type PaletteOption, type PaletteRun, type PaletteSource, paletteOptions } from './palette-model.ts';

export interface PaletteContext {
  workspace: { id: string; slug: string; name: string } | null;
  boardId: string | null;
  canCreateBoard: boolean;
  theme: PaletteSource['theme'];
  setTheme(theme: PaletteSource['theme']): void;
}

interface Found {
  query: string;
  tasks: PaletteSource['tasks'];
  failed: boolean;
}

/** The inline add field of the first column, when the board on screen takes new tasks. */
const newTaskField = () => document.querySelector<HTMLInputElement>('.lanes .inline-add input[name="value"]');

export function Palette({ context, onClose }: { context: PaletteContext; onClose(): void }) {
  const env = usePublicEnv();
  const navigate = useNavigate();
  const id = useId();
  const workspaceId = context.workspace?.id ?? null;
  const [directory, setDirectory] = useState<Directory>(
    () => cachedDirectory(workspaceId) ?? EMPTY_DIRECTORY,
  );
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found>({ query: '', tasks: [], failed: false });
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // When each query was typed, to measure keystroke → results on screen (User Timing, read by the web bench).
  const [typedAt] = useState(() => new Map<string, number>());
  const [canCreateTask] = useState(() => newTaskField() !== null);
  const fieldRef = useRef<HTMLInputElement>(null);

  // After the dialog's own effect has opened it (which focuses its first button): the field takes the keys.
  useEffect(() => fieldRef.current?.focus(), []);

  useEffect(() => {
    let current = true;
    loadDirectory(env, workspaceId).then(
      (next) => current && setDirectory(next),
      () => undefined, // the lists stay as cached; tasks and actions still work
    );
    return () => {
      current = false;
    };
  }, [env, workspaceId]);

  // Tasks are searched on every keystroke; an answer for an older query is dropped.
  useEffect(() => {
    const q = query.trim();
    if (!workspaceId || !q) {
      setFound({ query, tasks: [], failed: false });
      return;
    }
    let current = true;
    searchTasks(env, workspaceId, q).then(
      (tasks) => current && setFound({ query, tasks, failed: false }),
      () => current && setFound({ query, tasks: [], failed: true }),
    );
    return () => {
      current = false;
    };
  }, [env, workspaceId, query]);

  const settled = found.query === query;
  const options = useMemo(
    () =>
      paletteOptions(
        {
          workspace: context.workspace,
          boardId: context.boardId,
          canCreateTask,
          canCreateBoard: context.canCreateBoard,
          theme: context.theme,
          ...directory,
          tasks: found.tasks,
        },
        query,
      ),
    [context, canCreateTask, directory, found.tasks, query],
  );
  const active = options.find((o) => o.key === activeKey) ?? options[0];
  const optionId = (option: PaletteOption) => `${id}-${option.key}`;

  useEffect(() => {
    if (active) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  // Two measures: this text's boards, people and actions on screen (`palette-local`, drawn with the keystroke),
  // and every result, the searched tasks too (`palette-results`). The frame, then a task: by then it is painted.
  useEffect(() => {
    const start = typedAt.get(query);
    if (start === undefined) return;
    const measure = (name: string) =>
      requestAnimationFrame(() =>
        setTimeout(() => performance.measure(name, { start, end: performance.now() }), 0),
      );
    if (!settled) {
      if (!typedAt.has(`local:${query}`)) measure('palette-local');
      typedAt.set(`local:${query}`, start);
      return;
    }
    if (!typedAt.has(`local:${query}`)) measure('palette-local');
    typedAt.delete(query);
    typedAt.delete(`local:${query}`);
    measure('palette-results');
  }, [settled, query, typedAt]);

  function run(option: PaletteOption) {
    const what: PaletteRun = option.run;
    onClose();
    if (what.kind === 'go') navigate(what.to);
    else if (what.kind === 'theme') context.setTheme(what.theme);
    // After the dialog has given the focus back to its opener.
    else requestAnimationFrame(() => newTaskField()?.focus());
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const at = active ? options.indexOf(active) : -1;
    const go = (index: number) => {
      const next = options[(index + options.length) % options.length];
      if (next) setActiveKey(next.key);
    };
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Enter' && active) run(active);
    else return;
    event.preventDefault();
  }

  const groups = new Map<string, PaletteOption[]>();
  for (const option of options) groups.set(option.group, [...(groups.get(option.group) ?? []), option]);
  const searching = Boolean(workspaceId && query.trim() && !settled);
  const status = found.failed
    ? 'Tasks could not be searched just now.'
    : searching
      ? 'Searching tasks…'
      : options.length === 0
        ? 'Nothing matches.'
        : `${options.length} ${options.length === 1 ? 'result' : 'results'}.`;

  return (
    <Dialog title="Go to or do" onClose={onClose}>
      <style href="palette-css" precedence="default">
        {paletteCss}
      </style>
      <div className="palette">
        <input
          ref={fieldRef}
          className="palette-field"
          type="text"
          role="combobox"
          aria-label={
            context.workspace ? 'Search boards, tasks, people and actions' : 'Search workspaces and actions'
          }
          aria-expanded={options.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            const next = event.currentTarget.value;
            typedAt.set(next, event.timeStamp || performance.now());
            setQuery(next);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
        />
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label="Results"
          className="palette-list"
          data-query={settled ? query : undefined}
        >
          {[...groups].map(([group, list]) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox holds groups of options, not a fieldset.
            <div key={group} role="group" aria-labelledby={`${id}-${group}`} className="palette-group">
              <div id={`${id}-${group}`} className="palette-group-title" aria-hidden="true">
                {group}
              </div>
              {list.map((option) => (
                <div
                  key={option.key}
                  id={optionId(option)}
                  role="option"
                  aria-selected={option === active}
                  className="palette-option"
                  // The field keeps the focus (aria-activedescendant); -1 keeps the option out of the tab order.
                  tabIndex={-1}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    run(option);
                  }}
                  onMouseMove={() => option !== active && setActiveKey(option.key)}
                >
                  <span className="palette-option-label">{option.label}</span>
                  {option.hint ? <span className="palette-option-hint">{option.hint}</span> : null}
                </div>
              ))}
            </div>
          ))}
        </div>
        <p className="palette-status" role="status">
          {status}
        </p>
      </div>
    </Dialog>
  );
}
