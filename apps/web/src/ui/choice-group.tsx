import { useId } from 'react';
import './ui.css';

export interface Choice {
  value: string;
  label: string;
}

export interface ChoiceGroupProps {
  legend: string;
  choices: readonly Choice[];
  /** The chosen values: at most one unless `multiple`. */
  value: readonly string[];
  onChange(value: string[]): void;
  /** Check boxes (any number) instead of radio buttons (one). */
  multiple?: boolean;
  disabled?: boolean;
  hint?: string;
}

/** A question's choices as native radio buttons or check boxes in a fieldset, each row a 44 px target. */
export function ChoiceGroup({
  legend,
  choices,
  value,
  onChange,
  multiple,
  disabled,
  hint,
}: ChoiceGroupProps) {
  const name = useId();
  const hintId = useId();
  const toggle = (choice: string, checked: boolean) => {
    if (!multiple) return onChange([choice]);
    // Keep the order of the choices, not of the clicks, so the answer reads like the question.
    const next = new Set(value);
    if (checked) next.add(choice);
    else next.delete(choice);
    onChange(choices.map((c) => c.value).filter((v) => next.has(v)));
  };
  return (
    <fieldset className="choices" disabled={disabled} aria-describedby={hint ? hintId : undefined}>
      <legend className="field__label">{legend}</legend>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {choices.map((choice) => (
        <label key={choice.value} className="choices__row">
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={name}
            value={choice.value}
            checked={value.includes(choice.value)}
            onChange={(event) => toggle(choice.value, event.currentTarget.checked)}
          />
          <span>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
