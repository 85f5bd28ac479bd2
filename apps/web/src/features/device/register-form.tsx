import {
  normaliseRegistration,
  type RegistrationField,
  type RegistrationInput,
  RegistrationMode,
  type RegistrationValues,
  validateRegistration,
} from '@venue-voice/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceField } from '../../shared/device-field';
import { Button } from '../../ui/button';

const REGISTER_FIELDS: readonly RegistrationField[] = [
  'companyKey',
  'branchId',
  'deviceId',
  'passcode',
  'settingsPasscode',
  'settingsPasscodeConfirm',
];
const UPDATE_FIELDS: readonly RegistrationField[] = ['settingsPasscode', 'settingsPasscodeConfirm'];
// D5: only these two are trimmed, and only when the field is left.
const TRIMMED: readonly RegistrationField[] = ['branchId', 'deviceId'];
const SECRET: readonly RegistrationField[] = ['passcode', 'settingsPasscode', 'settingsPasscodeConfirm'];
const NUMERIC: readonly RegistrationField[] = ['branchId', 'settingsPasscode', 'settingsPasscodeConfirm'];

export interface RegisterFormProps {
  mode: RegistrationMode;
  /** The browser cannot run a device (D2: submit disabled on an unsupported device). */
  unsupported: boolean;
  onSubmit(values: RegistrationValues): void;
}

/**
 * The register-device form (D2, D5 rules from the domain): every field in register mode, the two
 * settings passcode fields in update mode. An error shows once its field was left; submit stays
 * disabled while anything is invalid.
 */
export function RegisterForm({ mode, unsupported, onSubmit }: RegisterFormProps) {
  const { t } = useTranslation('device');
  const id = useId();
  const [values, setValues] = useState<RegistrationInput>({});
  const [left, setLeft] = useState<ReadonlySet<RegistrationField>>(new Set());
  const errors = validateRegistration(values, mode);
  const fields = mode === RegistrationMode.UPDATE ? UPDATE_FIELDS : REGISTER_FIELDS;
  const invalid = fields.some((field) => errors[field] !== undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid || unsupported) return;
    onSubmit(normaliseRegistration(values));
  };

  return (
    <form className="device__form" noValidate onSubmit={submit}>
      {fields.map((field) => {
        const error = errors[field];
        return (
          <DeviceField
            key={field}
            id={`${id}-${field}`}
            label={t(`register.${field}`)}
            value={values[field] ?? ''}
            type={SECRET.includes(field) ? 'password' : 'text'}
            inputMode={NUMERIC.includes(field) ? 'numeric' : undefined}
            autoComplete={SECRET.includes(field) ? 'new-password' : 'off'}
            autoCapitalize="off"
            spellCheck={false}
            required
            error={
              left.has(field) && error ? t(error.key, { ns: 'translation', ...error.params }) : undefined
            }
            onChange={(event) => setValues((now) => ({ ...now, [field]: event.target.value }))}
            onBlur={() => {
              setLeft((now) => new Set(now).add(field));
              if (TRIMMED.includes(field))
                setValues((now) => ({ ...now, [field]: (now[field] ?? '').trim() }));
            }}
          />
        );
      })}
      {unsupported && <p className="device__note">{t('register.unsupported')}</p>}
      <Button type="submit" disabled={invalid || unsupported}>
        {mode === RegistrationMode.UPDATE ? t('register.saveUpdate') : t('register.submit')}
      </Button>
    </form>
  );
}
