import { useId } from 'react';
import type { Choice } from './choice-group';
import './ui.css';

export interface SelectFieldProps {
  label: string;
  choices: readonly Choice[];
  /** '' while nothing is chosen. */
  value: string;
  onChange(value: string): void;
  /** The first, empty entry ("Choose an answer"): a dropdown never pre-selects an answer. */
  emptyLabel: string;
  disabled?: boolean;
  hint?: string;
}

/** A native dropdown: the phone's own picker on touch, a keyboard-friendly list on desktop. */
export function SelectField({
  label,
  choices,
  value,
  onChange,
  emptyLabel,
  disabled,
  hint,
}: SelectFieldProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <select
        id={id}
        className="field__control"
        value={value}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="">{emptyLabel}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
