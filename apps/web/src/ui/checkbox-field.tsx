import type { Ref } from 'react';
import './ui.css';

export interface CheckboxFieldProps {
  label: string;
  /** Read after the label, not shown: which question a repeated label belongs to. */
  context?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  /** For forms: the input's ref (focus on error), the id of its error text, and whether it is invalid. */
  inputRef?: Ref<HTMLInputElement>;
  describedBy?: string;
  invalid?: boolean;
}

/** One labelled check box ("Not applicable"), the whole row a 44 px target. */
export function CheckboxField({ label, context, checked, onChange, disabled, ...form }: CheckboxFieldProps) {
  return (
    <label className="choices__row choices__row--single">
      <input
        ref={form.inputRef}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={form.describedBy}
        aria-invalid={form.invalid || undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <span>
        {context ? `${label} ` : label}
        {context && <span className="visually-hidden">– {context}</span>}
      </span>
    </label>
  );
}
