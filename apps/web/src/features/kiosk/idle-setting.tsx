import { KIOSK_IDLE_CHOICES_MS, THANKS_RETURN_CHOICES_MS } from '@venue-voice/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readIdleMs, readThanksMs, writeIdleMs, writeThanksMs } from './kiosk-storage';

/** A select of times kept on this tablet (local storage, decision 0098). */
function TimeSetting({
  label,
  choices,
  read,
  write,
  text,
}: {
  label: string;
  choices: readonly number[];
  read(): number;
  write(ms: number): void;
  text(ms: number): string;
}) {
  const id = useId();
  const [value, setValue] = useState(read);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__control"
        value={value}
        onChange={(event) => {
          const ms = Number(event.target.value);
          write(ms);
          setValue(ms);
        }}
      >
        {choices.map((ms) => (
          <option key={ms} value={ms}>
            {text(ms)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The settings modal's choice of idle time before an unattended survey is left (D4.59, decision 0098). */
export function IdleSetting() {
  const { t } = useTranslation('kiosk');
  return (
    <TimeSetting
      label={t('idleSetting.label')}
      choices={KIOSK_IDLE_CHOICES_MS}
      read={readIdleMs}
      write={writeIdleMs}
      text={(ms) => t('idleSetting.minutes', { count: ms / 60_000 })}
    />
  );
}

/** The settings modal's choice of how long the thank-you stays before the next guest's start (D4.62). */
export function ThanksSetting() {
  const { t } = useTranslation('kiosk');
  return (
    <TimeSetting
      label={t('thanksSetting.label')}
      choices={THANKS_RETURN_CHOICES_MS}
      read={readThanksMs}
      write={writeThanksMs}
      text={(ms) => t('thanksSetting.seconds', { count: ms / 1000 })}
    />
  );
}
