/** @module features/task-panel/title-field — the task's title as the panel's heading; members edit it in place. */
import { useState } from 'react';
import type { PanelTask } from './panel-model.ts';
import { useFieldSave } from './use-field-save.ts';

export function TitleField({ task, canEdit }: { task: PanelTask; canEdit: boolean }) {
  const field = useFieldSave(task.id, 'title');
  const shown = (field.pending?.get('value') as string | null) ?? task.title;
  const [draft, setDraft] = useState<string | null>(null);
  if (!canEdit) {
    return (
      <h2 id="task-panel-title" className="task-title">
        {task.title}
      </h2>
    );
  }
  function commit() {
    if (draft !== null && draft !== shown) field.save({ value: draft });
    setDraft(null);
  }
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
        onChange={(event) => setDraft(event.target.value.replace(/\n/g, ' '))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            event.currentTarget.blur();
          } else if (event.key === 'Escape' && draft !== null) {
            // The first Esc drops the edit; the next one closes the panel.
            event.preventDefault();
            setDraft(null);
          }
        }}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? 'task-title-error' : undefined}
      />
      {field.error ? (
        <p id="task-title-error" className="field-error" role="alert">
          {field.error}
        </p>
      ) : null}
    </div>
  );
}
