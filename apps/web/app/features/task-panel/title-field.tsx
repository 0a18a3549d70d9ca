/**
 * @module features/task-panel/title-field — the task's title as the panel's heading; members edit it in place.
 * A save carries the version the edit began from; a teammate's newer title is shown beside the edit's instead
 * of being overwritten (decision 194).
 */
import { useEffect, useRef, useState } from 'react';
import type { PanelTask } from './panel-model.ts';
import { TextConflict } from './text-conflict.tsx';
import { useFieldSave } from './use-field-save.ts';

/** Where an edit began: the row's version and the title it showed then. */
interface Base {
  version: string;
  title: string;
}

export function TitleField({ task, canEdit }: { task: PanelTask; canEdit: boolean }) {
  const field = useFieldSave(task.id, 'title');
  const shown = (field.pending?.get('value') as string | null) ?? task.title;
  const [draft, setDraft] = useState<string | null>(null);
  const [base, setBase] = useState<Base | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const sent = useRef<{ mine: string; base: Base } | null>(null);

  useEffect(() => {
    if (field.code !== 'CONFLICT' || !sent.current) return;
    const { mine, base: from } = sent.current;
    sent.current = null;
    // Another field of the task changed (that moves the version too), not the title: no choice to make.
    if (task.title === from.title) save(mine, { version: task.updated_at, title: task.title });
    else setConflict(mine);
  });

  if (!canEdit) {
    return (
      <h2 id="task-panel-title" className="task-title">
        {task.title}
      </h2>
    );
  }
  function save(value: string, from: Base) {
    sent.current = { mine: value, base: from };
    field.save({ value, base: from.version });
  }
  function commit() {
    if (draft !== null && draft !== shown) save(draft, base ?? { version: task.updated_at, title: shown });
    setDraft(null);
    setBase(null);
  }
  // A live update landed while editing: the field keeps what is typed and says so.
  const changedMeanwhile = draft !== null && base !== null && task.title !== base.title;
  return (
    <div className="task-title-field">
      <h2 id="task-panel-title" className="visually-hidden">
        {shown}
      </h2>
      <textarea
        className="task-title task-title-input"
        aria-label="Title"
        rows={1}
        value={draft ?? shown}
        onChange={(event) => {
          if (draft === null) setBase({ version: task.updated_at, title: shown });
          setDraft(event.target.value.replace(/\n/g, ' '));
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            event.currentTarget.blur();
          } else if (event.key === 'Escape' && draft !== null) {
            // The first Esc drops the edit; the next one closes the panel.
            event.preventDefault();
            setDraft(null);
            setBase(null);
          }
        }}
        aria-invalid={field.error && !conflict ? true : undefined}
        aria-describedby={field.error && !conflict ? 'task-title-error' : undefined}
      />
      {changedMeanwhile ? (
        <p className="panel-muted" role="status">
          A teammate changed the title while you are editing; saving asks which one stays.
        </p>
      ) : null}
      {conflict !== null ? (
        <TextConflict
          field="title"
          mine={conflict}
          theirs={task.title}
          onKeepMine={() => {
            setConflict(null);
            save(conflict, { version: task.updated_at, title: task.title });
          }}
          onUseTheirs={() => setConflict(null)}
        />
      ) : field.error && field.code !== 'CONFLICT' ? (
        <p id="task-title-error" className="field-error" role="alert">
          {field.error}
        </p>
      ) : null}
    </div>
  );
}
