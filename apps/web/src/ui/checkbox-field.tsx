import './ui.css';

export interface CheckboxFieldProps {
  label: string;
  /** Read after the label, not shown: which question a repeated label belongs to. */
  context?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}

/** One labelled check box ("Not applicable"), the whole row a 44 px target. */
export function CheckboxField({ label, context, checked, onChange, disabled }: CheckboxFieldProps) {
  return (
    <label className="choices__row choices__row--single">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <span>
        {context ? `${label} ` : label}
        {context && <span className="visually-hidden">– {context}</span>}
      </span>
    </label>
  );
}
