import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { env } from '../../config/env';
import { isAppMode } from '../../platform/device-session';

const PRIVACY = 'https://policies.google.com/privacy';
const TERMS = 'https://policies.google.com/terms';

/** Trans puts the link's words in as children. */
function GoogleLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}

/**
 * Google's notice for a hidden reCAPTCHA badge (guest-flow.md §7 hides it; Google's terms then ask for
 * the notice in the user flow): under the survey's buttons, the screens the answers are sent from.
 * Only a web build with a site key shows it; a tablet's creates are not bot-checked (decision 0200).
 */
export function BotNotice() {
  if (!env.recaptchaSiteKey || isAppMode()) return null;
  return (
    <p className="quiz__bot-notice">
      <Trans
        ns="questions"
        i18nKey="botNotice"
        components={{
          privacy: <GoogleLink href={PRIVACY} />,
          terms: <GoogleLink href={TERMS} />,
        }}
      />
    </p>
  );
}
