import { PasswordInput } from '@mantine/core';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordFault } from '@venue-voice/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The checks of a new password and its repetition (O2.1's rule), for a form's `validate`. */
export const newPasswordRules = (t: TFunction) => ({
  password: (value: string) => {
    const fault = passwordFault(value);
    return fault
      ? t(fault, { count: fault === 'operator.passwordTooShort' ? PASSWORD_MIN_LENGTH : PASSWORD_MAX_LENGTH })
      : null;
  },
  repeat: (value: string, values: { password: string }) =>
    value === values.password ? null : t('auth.passwordsDiffer'),
});

/** The new password and its repetition, as the one-time link and the profile ask for them. */
export function NewPasswordFields({
  inputProps,
}: {
  /** The form's `getInputProps`, for the fields `password` and `repeat`. */
  inputProps: (field: 'password' | 'repeat') => object;
}) {
  const { t } = useTranslation();
  const toggle = { 'aria-label': t('auth.showPassword') };
  return (
    <>
      <PasswordInput
        label={t('auth.newPassword')}
        description={t('auth.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={toggle}
        {...inputProps('password')}
      />
      <PasswordInput
        label={t('auth.repeatPassword')}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={toggle}
        {...inputProps('repeat')}
      />
    </>
  );
}
