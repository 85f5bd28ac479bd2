import { RoutePath, type Survey } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { isAppMode, resetDevice, useDevice } from '../../platform/device-session';
import { Button } from '../../ui/button';
import { safeImageUrl } from '../checkin';
import { AppStatusPanel, ConnectivityBanner, WaitingBadge } from './app-status';
import { SettingsModal } from './settings-modal';
import { SettingsPrompt } from './settings-prompt';
import { surveysToStart } from './staff-surveys';
import { SurveyTiles } from './survey-tiles';
import { TabletBranding, useTabletBranding } from './tablet-branding';
import './device.css';
import './staff.css';

export interface StaffScreenProps {
  /** Starts the guest flow for a survey in app mode (the app composes it with the check-in). */
  onStartSurvey(survey: Survey): void;
}

/**
 * /staff, the staff area home (D2): the venue, the surveys to start, and the settings behind the
 * settings passcode, as a kiosk screen in the venue's branding (issue 26, docs/design.md "Tablet"). The Staff button and member PIN modal are features/kiosk's (under every screen).
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
  // The look guests get on this tablet: the branding of the survey it starts first (as venue-frame).
  const branding = useTabletBranding();
  if (!isAppMode(device)) return <Navigate to={RoutePath.REGISTER} replace />;
  const surveys = surveysToStart(
    device.config?.surveys ?? [],
    device.selectedTemplate,
    device.defaultTemplate,
  );
  const venue = device.config?.branch?.name ?? device.branchDetails?.name ?? null;
  const company = device.config?.core?.company.name ?? null;
  const logo = safeImageUrl(branding?.logoImage);
  return (
    <div className="staff">
      <TabletBranding />
      <header className="staff__header">
        <div className="staff__bar">
          {logo && (
            <img
              className="staff__logo"
              src={logo}
              alt={t('translation:venue.logoAlt', { name: company ?? venue ?? '' })}
            />
          )}
          <div className="staff__venue">
            <h1 className="staff__title">{venue ?? t('staff.title')}</h1>
            {company && <p className="staff__company">{company}</p>}
          </div>
          <Button variant="secondary" className="staff__settings" onClick={() => setSettings('prompt')}>
            {t('staff.settings')}
          </Button>
        </div>
      </header>
      <main className="staff__main" id="main">
        <div className="staff__status">
          <ConnectivityBanner />
          <WaitingBadge />
        </div>
        <section className="staff__surveys" aria-labelledby="device-surveys-title">
          <h2 id="device-surveys-title" className="staff__section-title">
            {t('staff.surveys')}
          </h2>
          <SurveyTiles surveys={surveys} onStart={onStartSurvey} />
        </section>
        <AppStatusPanel />
      </main>
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
    </div>
  );
}
