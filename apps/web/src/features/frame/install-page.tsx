import { describePlatform, type InstallInstructions, installInstructions } from '@venue-voice/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { requestInstall, useInstallPrompt } from '../../platform/install-prompt';
import { Button } from '../../ui/button';
import './pages.css';

/** What the browser reports about itself, read once per render (a test may stub the user agent). */
function useInstructions(): { kind: InstallInstructions | 'installed'; ios: boolean; prompting: boolean } {
  const state = useInstallPrompt((store) => store.state);
  if (state === 'installed') return { kind: 'installed', ios: false, prompting: false };
  // While the prompt is open the guest still sees the button (disabled), not another set of texts.
  const promptInHand = state === 'promptAvailable' || state === 'prompting';
  const platform = describePlatform(navigator.userAgent, navigator.maxTouchPoints ?? 0, promptInHand);
  return {
    kind: installInstructions(platform),
    ios: platform.os === 'ios',
    prompting: state === 'prompting',
  };
}

/**
 * What the install page says under its title (G4.77), also the body of the tablet's install-app
 * modal (device-mode §2): desktop is unsupported; Android with the browser's prompt gets a button;
 * iOS needs Safari; Android needs Chrome or Samsung Internet; otherwise the steps.
 */
export function InstallInstructionsBody() {
  const { t } = useTranslation('frame');
  const { kind, ios, prompting } = useInstructions();
  const stepsTitle = useId();
  const steps = ios ? ['ios1', 'ios2', 'ios3'] : ['menu1', 'menu2', 'menu3'];
  return (
    <>
      {kind === 'installed' && (
        <div role="status">
          <p>
            <strong>{t('install.installed')}</strong>
          </p>
          <p>{t('install.installedHint')}</p>
        </div>
      )}
      {kind === 'unsupported' && <p>{t('install.unsupported')}</p>}
      {kind === 'openInSafari' && <p>{t('install.openInSafari')}</p>}
      {kind === 'openInChromeOrSamsung' && <p>{t('install.openInChromeOrSamsung')}</p>}
      {kind === 'installButton' && (
        <>
          <p>{t('install.intro')}</p>
          <Button onClick={() => void requestInstall()} disabled={prompting}>
            {t('install.button')}
          </Button>
          {prompting && <p role="status">{t('install.prompting')}</p>}
        </>
      )}
      {kind === 'steps' && (
        <>
          <p>{t('install.intro')}</p>
          <h2 id={stepsTitle}>{t('install.stepsTitle')}</h2>
          <ol className="install-steps" aria-labelledby={stepsTitle}>
            {steps.map((step) => (
              <li key={step}>{t(`install.${step}`)}</li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}

/**
 * The install-app page (G2, G4.76, G4.77). Also where an unsupported device or browser is sent (G8).
 */
export function InstallPage() {
  const { t } = useTranslation('frame');
  return (
    <main className="page page--centred">
      <div className="card info-page">
        <h1 className="venue__title">{t('install.title')}</h1>
        <InstallInstructionsBody />
      </div>
    </main>
  );
}
