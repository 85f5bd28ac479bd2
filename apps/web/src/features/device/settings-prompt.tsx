import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Settings open after the settings passcode (D2); a wrong one says 'Invalid passcode' and stays. */
export function SettingsPrompt({ open, expected, onCancel, onUnlock }: SettingsPromptProps) {
  const { t } = useTranslation('device');
  const id = useId();
  const [value, setValue] = useState('');
  const [wrong, setWrong] = useState(false);
  const close = () => {
    setValue('');
    setWrong(false);
    onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (expected !== '' && value === expected) {
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
          error={wrong ? t('prompt.invalid') : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setWrong(false);
          }}
        />
        <Button type="submit" disabled={value === ''}>
          {t('prompt.open')}
        </Button>
      </form>
    </Modal>
  );
}
