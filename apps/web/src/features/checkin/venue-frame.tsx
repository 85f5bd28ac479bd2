import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VenueConfig } from '../../platform/api';
import { brandingStyle, safeImageUrl } from './branding';
import './checkin.css';

/**
 * The survey's look around a check-in screen: branding as CSS variables, the logo (or the company's
 * name) in the header, and the page's main landmark for the screen itself.
 */
export function VenueFrame({ config, children }: { config: VenueConfig; children: ReactNode }) {
  const { t } = useTranslation();
  const survey = config.surveys?.[0];
  const logo = safeImageUrl(survey?.branding?.logoImage);
  const companyName = config.core?.company.name;
  return (
    <div className="venue" data-testid="venue" style={brandingStyle(survey?.branding)}>
      <header className="venue__header">
        {logo ? (
          <img
            className="venue__logo"
            src={logo}
            alt={t('venue.logoAlt', { name: companyName ?? survey?.name ?? '' })}
          />
        ) : (
          companyName && <p className="venue__company">{companyName}</p>
        )}
      </header>
      <main className="venue__main">{children}</main>
    </div>
  );
}
