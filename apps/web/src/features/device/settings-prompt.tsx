import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lockClock, useAttemptLock } from '../../shared/attempt-lock';
import { DeviceField } from '../../shared/device-field';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';

export interface SettingsPromptProps {
  open: boolean;
  /** The settings passcode set at registration (or changed since). */
  expected: string;
  onCancel(): void;
  onUnlock(): void;
}

/** Where the settings passcode's lock is kept (a reload must not lift it). */
export const SETTINGS_LOCK_KEY = 'venue-voice-settings-passcode-lock';

/**
 * Settings open after the settings passcode (D2); a wrong one says 'Invalid passcode' and stays. Five
 * wrong in a row lock the prompt for 5 minutes, as staff sign-in (D4.58; issue 26 item 17): settings
 * can reset the tablet and change its passcodes, so they must not be open to guessing.
 */
export function SettingsPrompt({ open, expected, onCancel, onUnlock }: SettingsPromptProps) {
  const { t } = useTranslation('device');
  const id = useId();
  const [value, setValue] = useState('');
  const [wrong, setWrong] = useState(false);
  const { remaining, attempt } = useAttemptLock(SETTINGS_LOCK_KEY, open);
  const close = () => {
    setValue('');
    setWrong(false);
    onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const right = expected !== '' && value === expected;
    if (attempt(right ? 'ok' : 'invalidPin') === null) return;
    if (right) {
      setValue('');
      setWrong(false);
      onUnlock();
    } else setWrong(true);
  };
  return (
    <Modal open={open} title={t('prompt.title')} closeLabel={t('common.close')} onRequestClose={close}>
      <form className="device__form" noValidate onSubmit={submit}>
        <DeviceField
          id={`${id}-passcode`}
          label={t('prompt.label')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          disabled={remaining > 0}
          error={wrong && remaining === 0 ? t('prompt.invalid') : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setWrong(false);
          }}
        />
        {remaining > 0 && (
          <p role="alert" className="device__error">
            {t('prompt.locked', { time: lockClock(remaining) })}
          </p>
        )}
        <Button type="submit" disabled={value === '' || remaining > 0}>
          {t('prompt.open')}
        </Button>
      </form>
    </Modal>
  );
}
