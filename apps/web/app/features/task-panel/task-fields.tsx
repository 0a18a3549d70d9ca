/**
 * @module features/task-panel/task-fields — the task's properties beside its text: assignee, due date,
 * priority, labels and done. Each saves on its own as soon as it changes; viewers read plain values.
 */
import { PRIORITIES } from '@lanes/shared/constants';
import type { ReactNode } from 'react';
import type { PanelModel } from './panel-model.ts';
import { useFieldSave } from './use-field-save.ts';

interface FieldsProps {
  model: PanelModel;
  canEdit: boolean;
}

export function TaskFields({ model, canEdit }: FieldsProps) {
  return (
    <dl className="task-fields">
      <AssigneeField model={model} canEdit={canEdit} />
      <DueField model={model} canEdit={canEdit} />
      <PriorityField model={model} canEdit={canEdit} />
      <LabelsField model={model} canEdit={canEdit} />
      <DoneField model={model} canEdit={canEdit} />
    </dl>
  );
}

function Row({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className="task-field">
      <dt id={`${id}-label`}>{label}</dt>
      <dd>
        {children}
        {error ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </dd>
    </div>
  );
}

const errorProps = (id: string, error: string | null) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

function AssigneeField({ model, canEdit }: FieldsProps) {
  const field = useFieldSave(model.task.id, 'assignee');
  const value = (field.pending?.get('value') as string | null) ?? model.task.assignee_id ?? '';
  const name = model.people.find((p) => p.id === value)?.name;
  return (
    <Row id="task-assignee" label="Assignee" error={field.error}>
      {canEdit ? (
        <select
          aria-labelledby="task-assignee-label"
          value={value}
          onChange={(event) => field.save({ value: event.target.value })}
          {...errorProps('task-assignee', field.error)}
        >
          <option value="">Unassigned</option>
          {model.people
            .filter((p) => p.role !== 'viewer' || p.id === value)
            .map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
        </select>
      ) : (
        <span>{name ?? 'Unassigned'}</span>
      )}
    </Row>
  );
}

function DueField({ model, canEdit }: FieldsProps) {
  const field = useFieldSave(model.task.id, 'due');
  const value = (field.pending?.get('value') as string | null) ?? model.task.due_on ?? '';
  return (
    <Row id="task-due" label="Due date" error={field.error}>
      {canEdit ? (
        <span className="task-field-inline">
          <input
            type="date"
            aria-labelledby="task-due-label"
            value={value}
            min="2000-01-01"
            max="2100-12-31"
            onChange={(event) => field.save({ value: event.target.value })}
            {...errorProps('task-due', field.error)}
          />
          {value ? (
            <button type="button" className="btn btn-quiet" onClick={() => field.save({ value: '' })}>
              Clear<span className="visually-hidden"> due date</span>
            </button>
          ) : null}
        </span>
      ) : (
        <span>{value ? <time dateTime={value}>{value}</time> : 'None'}</span>
      )}
    </Row>
  );
}

function PriorityField({ model, canEdit }: FieldsProps) {
  const field = useFieldSave(model.task.id, 'priority');
  const value = (field.pending?.get('value') as string | null) ?? model.task.priority;
  return (
    <Row id="task-priority" label="Priority" error={field.error}>
      {canEdit ? (
        <select
          aria-labelledby="task-priority-label"
          value={value}
          onChange={(event) => field.save({ value: event.target.value })}
          {...errorProps('task-priority', field.error)}
        >
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {p === 'none' ? 'No priority' : p[0]!.toUpperCase() + p.slice(1)}
            </option>
          ))}
        </select>
      ) : (
        <span>{value === 'none' ? 'No priority' : value}</span>
      )}
    </Row>
  );
}

function LabelsField({ model, canEdit }: FieldsProps) {
  const field = useFieldSave(model.task.id, 'labels');
  const chosen = field.pending ? field.pending.getAll('labelId').map(String) : model.task.labelIds;
  const set = new Set(chosen);
  if (!canEdit || model.labels.length === 0) {
    const names = model.labels.filter((l) => set.has(l.id));
    return (
      <Row id="task-labels" label="Labels" error={field.error}>
        {names.length === 0 ? (
          <span>{model.labels.length === 0 && canEdit ? 'This board has no labels yet.' : 'None'}</span>
        ) : (
          <ul className="task-labels">
            {names.map((label) => (
              <li key={label.id} className="task-label">
                <span className={`label-dot label-${label.color}`} aria-hidden="true" />
                {label.name}
              </li>
            ))}
          </ul>
        )}
      </Row>
    );
  }
  function toggle(labelId: string, on: boolean) {
    const next = on ? [...chosen, labelId] : chosen.filter((id) => id !== labelId);
    field.save({ labelId: next });
  }
  return (
    <Row id="task-labels" label="Labels" error={field.error}>
      <fieldset className="task-labels" aria-labelledby="task-labels-label">
        {model.labels.map((label) => (
          <label key={label.id} className="task-label">
            <input
              type="checkbox"
              checked={set.has(label.id)}
              onChange={(e) => toggle(label.id, e.target.checked)}
            />
            <span className={`label-dot label-${label.color}`} aria-hidden="true" />
            {label.name}
          </label>
        ))}
      </fieldset>
    </Row>
  );
}

function DoneField({ model, canEdit }: FieldsProps) {
  const field = useFieldSave(model.task.id, 'done');
  const pending = field.pending?.get('value');
  const done = pending ? pending === 'true' : model.task.completed_at !== null;
  return (
    <Row id="task-done" label="Status" error={field.error}>
      {canEdit ? (
        <label className="task-field-inline">
          <input
            type="checkbox"
            checked={done}
            onChange={(e) => field.save({ value: String(e.target.checked) })}
          />
          Done
        </label>
      ) : (
        <span>{done ? 'Done' : 'Open'}</span>
      )}
    </Row>
  );
}
