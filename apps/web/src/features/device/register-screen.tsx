import { RegistrationMode, type RegistrationValues, RoutePath } from '@venue-voice/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { takeServerResetNotice } from '../../platform/device-session';
import { Button } from '../../ui/button';
import { pushError } from '../../ui/error-queue';
import { Modal } from '../../ui/modal';
import { WaitModal } from '../../ui/wait-modal';
import { downloadSettings, registerDevice } from './device-actions';
import { deviceFailureText } from './device-errors';
import { wireQueue } from './device-shell';
import { deviceSupported } from './device-support';
import { RegisterForm } from './register-form';
import './device.css';
import './staff.css';

type Step = 'form' | 'registering' | 'downloading' | 'registered';

/**
 * /register (D2 "Register device form"): device.register, then the first download of the survey
 * settings (D4.2–D4.7), a success modal, and the staff area. A failed registration closes the wait
 * modal and shows the error only; a failed first download leaves the device registered (the settings
 * modal downloads again) and says so.
 */
export function RegisterScreen() {
  const { t } = useTranslation('device');
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('form');
  // D4.1, D8: a tablet the server reset (disabled or released) lands here; staff are told why, once.
  useEffect(() => {
    if (takeServerResetNotice()) pushError({ message: t('errors.deviceDisabled') });
  }, [t]);

  const register = async (values: RegistrationValues) => {
    setStep('registering');
    try {
      await registerDevice(values);
    } catch (error) {
      setStep('form');
      pushError({
        message: `${t('register.failedRegister')}: ${deviceFailureText(error, t)}`,
        trace: String(error),
      });
      return;
    }
    void wireQueue();
    setStep('downloading');
    const outcome = await downloadSettings();
    if (outcome.type !== 'done') {
      pushError({
        message: t('errors.downloadFailed'),
        trace: outcome.type === 'failed' ? String(outcome.error) : 'offline',
      });
    }
    setStep('registered');
  };

  return (
    <div className="staff register">
      {/* Before registering the tablet knows no venue: the band wears the app's own colours. */}
      <header className="staff__header">
        <div className="staff__bar">
          <div className="staff__venue">
            <h1 className="staff__title">{t('register.title')}</h1>
            <p className="staff__company">{t('register.intro')}</p>
          </div>
        </div>
      </header>
      <main className="staff__main" id="main">
        <RegisterForm mode={RegistrationMode.REGISTER} unsupported={!deviceSupported()} onSubmit={register} />
      </main>
      <WaitModal
        open={step === 'registering' || step === 'downloading'}
        label={step === 'downloading' ? t('wait.download') : t('wait.register')}
      />
      <Modal
        open={step === 'registered'}
        title={t('register.successTitle')}
        closeLabel={t('common.close')}
        onRequestClose={() => void navigate(RoutePath.STAFF, { replace: true })}
        footer={
          <Button onClick={() => void navigate(RoutePath.STAFF, { replace: true })}>{t('common.ok')}</Button>
        }
      >
        <p>{t('register.success')}</p>
      </Modal>
    </div>
  );
}
