import { KIOSK_IDLE_CHOICES_MS } from '@venue-voice/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readIdleMs, writeIdleMs } from './kiosk-storage';

/** The settings modal's choice of idle time before an unattended survey is left (D4.59, decision 0098). */
export function IdleSetting() {
  const { t } = useTranslation('kiosk');
  const id = useId();
  const [value, setValue] = useState(readIdleMs);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('idleSetting.label')}
      </label>
      <select
        id={id}
        className="field__control"
        value={value}
        onChange={(event) => {
          const ms = Number(event.target.value);
          writeIdleMs(ms);
          setValue(ms);
        }}
      >
        {KIOSK_IDLE_CHOICES_MS.map((ms) => (
          <option key={ms} value={ms}>
            {t('idleSetting.minutes', { count: ms / 60_000 })}
          </option>
        ))}
      </select>
    </div>
  );
}
