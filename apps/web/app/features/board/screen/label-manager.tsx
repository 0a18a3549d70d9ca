/**
 * @module features/board/screen/label-manager — the board's labels in one dialog: add one, rename it, give it another
 * colour from the SPEC palette, delete it (it comes off every card). Each change saves on its own.
 */
import { LABEL_COLORS } from '@lanes/shared/constants';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '#app/components/dialog.tsx';
import type { Label } from '../model/board-model.ts';
import { checkName, RULES } from '../model/field-rules.ts';

export interface LabelActions {
  createLabel(name: string, color: Label['color']): Promise<string | null>;
  updateLabel(labelId: string, patch: Partial<Omit<Label, 'id'>>): void;
  deleteLabel(labelId: string): void;
}

export function LabelManager({
  labels,
  actions,
  onClose,
}: {
  labels: Label[];
  actions: LabelActions;
  onClose(): void;
}) {
  return (
    <Dialog title="Labels" onClose={onClose}>
      {labels.length === 0 ? (
        <p className="dialog-note">
          No labels yet. Labels sort cards by kind (Bug, Design…); add the first below.
        </p>
      ) : (
        <ul className="label-rows" aria-label="Labels of this board">
          {labels.map((label) => (
            <LabelRowEditor key={label.id} label={label} actions={actions} />
          ))}
        </ul>
      )}
      <NewLabelForm actions={actions} />
    </Dialog>
  );
}

function ColorSelect({
  id,
  value,
  label,
  onChange,
}: {
  id: string;
  value: Label['color'];
  label: string;
  onChange(color: Label['color']): void;
}) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <span className={`label-dot label-${value}`} aria-hidden="true" />
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value as Label['color'])}>
        {LABEL_COLORS.map((color) => (
          <option key={color} value={color}>
            {color}
          </option>
        ))}
      </select>
    </>
  );
}

function LabelRowEditor({ label, actions }: { label: Label; actions: LabelActions }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  function rename(input: HTMLInputElement) {
    const name = input.value.trim();
    if (name === label.name) return setError(null);
    const wrong = checkName(name, RULES.labelName.max);
    setError(wrong);
    if (!wrong) actions.updateLabel(label.id, { name });
  }
  return (
    <li className="label-row">
      <ColorSelect
        id={`${id}-color`}
        value={label.color}
        label={`Colour of ${label.name}`}
        onChange={(color) => actions.updateLabel(label.id, { color })}
      />
      <label htmlFor={`${id}-name`} className="visually-hidden">
        Name of label {label.name}
      </label>
      <input
        id={`${id}-name`}
        defaultValue={label.name}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onBlur={(e) => rename(e.currentTarget)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            rename(e.currentTarget);
          }
        }}
      />
      <button
        type="button"
        className="btn-quiet"
        aria-label={`Delete label ${label.name}`}
        onClick={() => actions.deleteLabel(label.id)}
      >
        Delete
      </button>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}

function NewLabelForm({ actions }: { actions: LabelActions }) {
  const id = useId();
  const [color, setColor] = useState<Label['color']>('blue');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('name') as HTMLInputElement;
    const name = input.value.trim();
    const wrong = checkName(name, RULES.labelName.max);
    if (!wrong) setPending(true);
    const refused = wrong ?? (await actions.createLabel(name, color));
    setPending(false);
    setError(refused);
    if (!refused) input.value = '';
    input.focus();
  }
  return (
    <form className="label-row label-new" onSubmit={submit} noValidate>
      <ColorSelect id={`${id}-color`} value={color} label="Colour of the new label" onChange={setColor} />
      <label htmlFor={`${id}-name`} className="visually-hidden">
        New label name
      </label>
      <input
        id={`${id}-name`}
        name="name"
        placeholder="New label…"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button type="submit" className="btn btn-secondary" disabled={pending} aria-busy={pending || undefined}>
        Add label
      </button>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
