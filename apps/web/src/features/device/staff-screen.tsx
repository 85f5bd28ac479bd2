import { RoutePath, type Survey } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { isAppMode, resetDevice, useDevice } from '../../platform/device-session';
import { Button } from '../../ui/button';
import { AppStatusPanel, ConnectivityBanner, WaitingBadge } from './app-status';
import { SettingsModal } from './settings-modal';
import { SettingsPrompt } from './settings-prompt';
import { surveysToStart } from './staff-surveys';
import './device.css';

export interface StaffScreenProps {
  /** Starts the guest flow for a survey in app mode (the app composes it with the check-in). */
  onStartSurvey(survey: Survey): void;
}

/**
 * /staff, the staff area home (D2): the venue, the surveys to start, and the settings behind the
 * settings passcode. The Staff button and member PIN modal are features/kiosk's (under every screen).
 * A device that stops being registered (reset, or a 401 anywhere, D4.1) leaves for /register.
 */
export function StaffScreen({ onStartSurvey }: StaffScreenProps) {
  const { t } = useTranslation('device');
  const navigate = useNavigate();
  const device = useDevice((store) => store.state);
  const change = useDevice((store) => store.change);
  // Settings chosen in the staff PIN modal (D2.18) arrive with the settings section shown (also while on
  // /staff, where the modal opens too): ask for the settings passcode at once; the flag is spent once
  // the prompt closes either way.
  const [view, setSettingsView] = useState<'closed' | 'prompt' | 'open'>('closed');
  const settings = view === 'closed' && device.showSettingsSection ? 'prompt' : view;
  const setSettings = (next: 'closed' | 'prompt' | 'open') => {
    if (next !== 'prompt' && device.showSettingsSection)
      change((state) => ({ ...state, showSettingsSection: false }));
    setSettingsView(next);
  };
  if (!isAppMode(device)) return <Navigate to={RoutePath.REGISTER} replace />;
  const surveys = surveysToStart(
    device.config?.surveys ?? [],
    device.selectedTemplate,
    device.defaultTemplate,
  );
  const venue = device.config?.branch?.name ?? device.branchDetails?.name ?? null;
  return (
    <main className="device" id="main">
      <ConnectivityBanner />
      <header className="device__header">
        <div>
          <h1 className="device__title">{venue ?? t('staff.title')}</h1>
          {device.config?.core?.company.name && <p>{device.config.core.company.name}</p>}
          <WaitingBadge />
        </div>
        <Button variant="secondary" onClick={() => setSettings('prompt')}>
          {t('staff.settings')}
        </Button>
      </header>
      <section aria-labelledby="device-surveys-title">
        <h2 id="device-surveys-title">{t('staff.surveys')}</h2>
        {surveys.length === 0 ? (
          <p>{t('staff.noSurveys')}</p>
        ) : (
          <ul className="device__surveys">
            {surveys.map((survey) => (
              <li key={survey.templateId} className="device__survey">
                <span>{survey.name}</span>
                <Button
                  onClick={() => onStartSurvey(survey)}
                  aria-label={t('staff.startNamed', { name: survey.name })}
                >
                  {t('staff.start')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <AppStatusPanel />
      <SettingsPrompt
        open={settings === 'prompt'}
        expected={device.settingsPasscode}
        onCancel={() => setSettings('closed')}
        onUnlock={() => setSettings('open')}
      />
      <SettingsModal
        open={settings === 'open'}
        onClose={() => setSettings('closed')}
        onReset={() => {
          resetDevice();
          void navigate(RoutePath.REGISTER, { replace: true });
        }}
      />
    </main>
  );
}
