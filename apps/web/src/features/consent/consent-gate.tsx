import { consentDecisionHolds, isConsented, needsConsentPrompt } from '@venue-voice/domain';
import { type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '../../config/env';
import { queueConsentDefault, updateConsent } from '../../platform/analytics';
import { loadTagManager } from '../../platform/analytics-loader';
import { privacyPolicyHref } from '../../platform/privacy-link';
import { useGuestSession } from '../../shared/session/session-store';
import { Button } from '../../ui/button';
import { storeConsent, useStoredConsent } from './consent-storage';
import './consent.css';

export interface ConsentGateProps {
  /** App mode (the venue's tablet) is always consented and never asked (G4.71). */
  appMode?: boolean;
  /** The tag manager container; the build's VITE_GTM_ID unless a test says otherwise. */
  gtmId?: string | null;
}

/**
 * Cookie consent for every guest screen (mounted once, in the root layout): asks when no decision
 * holds (G4.70, G4.71), tells consent mode the answer (G4.72) and loads the tag manager only when one
 * is configured and the guest allowed it. The question is a banner, not a modal: the guest can answer
 * the survey without choosing (docs/decisions/0068).
 */
export function ConsentGate({ appMode = false, gtmId = env.gtmId }: ConsentGateProps) {
  const stored = useStoredConsent();
  const now = Date.now();
  const context = { appMode, stored, now };
  const decided = appMode || consentDecisionHolds(stored, now);
  const consented = isConsented(context);

  // One consent-mode update per decision (strict mode runs effects twice in development).
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!decided) {
      queueConsentDefault();
      return;
    }
    const key = String(consented);
    if (applied.current === key) return;
    applied.current = key;
    updateConsent(consented);
    loadTagManager({ gtmId, consented });
  }, [decided, consented, gtmId]);

  if (!needsConsentPrompt(context)) return null;
  return <ConsentBanner onDecide={(answer) => storeConsent(answer, Date.now())} />;
}

function ConsentBanner({ onDecide }: { onDecide(consented: boolean): void }) {
  const { t } = useTranslation('consent');
  const titleId = useId();
  const policy = privacyPolicyHref(useGuestSession((session) => session.config?.statics?.privacyPolicyUrl));
  const banner = useRef<HTMLElement>(null);
  useReservedSpace(banner);
  return (
    // A region landmark, not a dialog: it neither takes the focus nor traps it (docs/decisions/0068).
    <section ref={banner} className="consent" aria-labelledby={titleId}>
      <div className="consent__inner">
        <h2 id={titleId} className="consent__title">
          {t('title')}
        </h2>
        <p className="consent__text">
          {t('body')}{' '}
          <a className="consent__link" href={policy} target="_blank" rel="noopener">
            {t('privacyPolicy')} <span className="visually-hidden">{t('opensInNewTab')}</span>
          </a>
        </p>
        <div className="consent__actions">
          {/* Declining is as easy and as visible as allowing. */}
          <Button onClick={() => onDecide(false)}>{t('decline')}</Button>
          <Button onClick={() => onDecide(true)}>{t('allow')}</Button>
        </div>
      </div>
    </section>
  );
}

/**
 * Keeps the page's end clear of the fixed banner: its height becomes bottom padding of the page and
 * the scroll padding for focused fields, so nothing is hidden under it and nothing above moves.
 */
function useReservedSpace(element: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const node = element.current;
    const root = document.documentElement;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--vv-consent-height', `${node.offsetHeight}px`);
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--vv-consent-height');
    };
  }, [element]);
}
