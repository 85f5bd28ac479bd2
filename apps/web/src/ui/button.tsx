import type { ComponentProps } from 'react';
import './ui.css';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
}

/**
 * The app's button: at least 44 px tall (touch target), a visible focus ring, and `type="button"`
 * unless told otherwise, so a button inside a form never submits it by accident.
 */
export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  const classes = ['button', variant === 'primary' ? '' : `button--${variant}`, className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} {...props} />;
}
