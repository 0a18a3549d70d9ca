/**
 * @module features/task-panel/prop-forms — the property sidebar as plain forms (decisions 113, 200): what the
 * server renders, what works without JavaScript (each property is a `<form method="post">` to the panel's
 * action, with a Save button shown only when scripting is off), and what stands in, at the pickers' size, until
 * their code has arrived. With JavaScript a change saves at once through `onChange`, as a picker's does.
 */
import { type ReactNode, useContext, useLayoutEffect, useRef } from 'react';
import type { PanelIntent } from './panel-actions.server.ts';
import type { Option } from './prop-options.ts';
import { HandOverContext } from './use-approach.ts';

export interface NativeProps {
  labelledBy: string;
  errorId: string | null;
}

const invalid = (errorId: string | null) =>
  errorId ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

/** One property's form: its intent, its control, and a Save button for browsers without scripting. */
export function PropForm({
  intent,
  what,
  children,
}: {
  intent: PanelIntent;
  what: string;
  children: ReactNode;
}) {
  const form = useRef<HTMLFormElement>(null);
  const handOver = useContext(HandOverContext);
  // Run as the form leaves, before it is out of the page: whether focus was in it, for its picker to take.
  useLayoutEffect(
    () => () => {
      if (form.current?.contains(document.activeElement)) handOver?.focused.add(intent);
    },
    [handOver, intent],
  );
  return (
    // With JavaScript each change has saved already: Enter in a field must not post the form again.
    <form ref={form} method="post" className="task-prop-form" onSubmit={(event) => event.preventDefault()}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button type="submit" className="btn btn-quiet task-prop-save">
        Save<span className="visually-hidden"> {what}</span>
      </button>
    </form>
  );
}

export function NativeSelect(
  props: NativeProps & { options: Option[]; value: string; onChange(value: string): void },
) {
  const { labelledBy, errorId, options, value, onChange } = props;
  return (
    <select
      name="value"
      className="task-prop-control task-prop-native"
      aria-labelledby={labelledBy}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...invalid(errorId)}
    >
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </select>
  );
}

export function NativeDate(props: NativeProps & { value: string; onChange(value: string): void }) {
  const { labelledBy, errorId, value, onChange } = props;
  return (
    <input
      type="date"
      name="value"
      className="task-prop-control task-prop-native"
      aria-labelledby={labelledBy}
      value={value}
      min="2000-01-01"
      max="2100-12-31"
      onChange={(event) => onChange(event.target.value)}
      {...invalid(errorId)}
    />
  );
}

/**
 * The labels as ticks inside a disclosure, so the closed box is the size of the picker's button. Without
 * JavaScript the ticked boxes post as `labelId`s with the Save button.
 */
export function NativeLabels(
  props: NativeProps & {
    options: (Option & { color: string })[];
    value: string[];
    summary: ReactNode;
    onChange(value: string[]): void;
  },
) {
  const { labelledBy, errorId, options, value, summary, onChange } = props;
  const chosen = new Set(value);
  return (
    <details className="task-prop-details">
      <summary className="task-prop-control task-prop-native">{summary}</summary>
      <fieldset className="task-prop-ticks" aria-labelledby={labelledBy} {...invalid(errorId)}>
        {options.map((label) => (
          <label key={label.id} className="task-prop-tick">
            <input
              type="checkbox"
              name="labelId"
              value={label.id}
              checked={chosen.has(label.id)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, label.id] : value.filter((id) => id !== label.id))
              }
            />
            <span className={`label-dot label-${label.color}`} aria-hidden="true" />
            {label.name}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
