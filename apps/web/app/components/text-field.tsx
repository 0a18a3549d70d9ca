/** @module components/text-field — a labelled input with its description and error wired for assistive tech. */
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  error?: string | undefined;
  description?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Extra content under the error (e.g. a link that helps fix it). */
  errorAction?: ReactNode;
}

export function TextField({
  label,
  name,
  error,
  description,
  inputRef,
  errorAction,
  ...rest
}: TextFieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, descriptionId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {error ? (
        <p className="field-error" id={errorId}>
          {error} {errorAction}
        </p>
      ) : null}
      {description ? (
        <p className="field-description" id={descriptionId}>
          {description}
        </p>
      ) : null}
    </div>
  );
}
