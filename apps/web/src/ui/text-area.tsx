import { COMMENT_ROWS } from '@venue-voice/domain';
import { useId } from 'react';
import './ui.css';

export interface TextAreaProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** One line (an `input`) instead of a box of `rows` lines. */
  singleLine?: boolean;
  /** G2: comment boxes are 4 rows. */
  rows?: number;
  maxLength?: number;
  /** Shown once the text reaches `maxLength` (G2: the postcode hint at the limit), and read politely. */
  limitHint?: string;
  hint?: string;
  disabled?: boolean;
  autoComplete?: string;
}

/** A labelled text box or one-line field; the limit hint lives in a polite live region. */
export function TextArea({
  label,
  value,
  onChange,
  singleLine,
  rows = COMMENT_ROWS,
  ...props
}: TextAreaProps) {
  const id = useId();
  const hintId = useId();
  const limitId = useId();
  const atLimit = props.maxLength !== undefined && value.length >= props.maxLength;
  const describedBy = [props.hint ? hintId : '', props.limitHint ? limitId : ''].filter(Boolean).join(' ');
  const shared = {
    id,
    className: 'field__control',
    value,
    maxLength: props.maxLength,
    disabled: props.disabled,
    autoComplete: props.autoComplete,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {props.hint && (
        <p id={hintId} className="field__hint">
          {props.hint}
        </p>
      )}
      {singleLine ? (
        <input type="text" {...shared} onChange={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <textarea rows={rows} {...shared} onChange={(event) => onChange(event.currentTarget.value)} />
      )}
      {props.limitHint && (
        <p id={limitId} className="field__hint field__hint--limit" aria-live="polite">
          {atLimit ? props.limitHint : ''}
        </p>
      )}
    </div>
  );
}
