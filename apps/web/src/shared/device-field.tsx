import type { ComponentProps } from 'react';

export interface DeviceFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'className'> {
  id: string;
  label: string;
  /** The error text, shown under the field and read with it. */
  error?: string | undefined;
}

/** One labelled one-line field of the tablet's forms (register, settings passcode, staff PIN, team member). */
export function DeviceField({ id, label, error, ...input }: DeviceFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="device__error">
          {error}
        </p>
      )}
    </div>
  );
}
