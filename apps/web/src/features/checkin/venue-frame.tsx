import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VenueConfig } from '../../platform/api';
import { useGuestSession } from '../../shared/session/session-store';
import { brandingCss, safeImageUrl } from './branding';
import { useBranches } from './find-venue/use-branches';
import './checkin.css';

/**
 * The venue the guest is at: the branch they checked in at (a tablet's own branch), else the survey's
 * name until they have chosen one. The venues come from the setup's download (the query cache), asked
 * for again only after a reload.
 */
function useVenueName(config: VenueConfig): string {
  const slug = useGuestSession((session) => session.slug) ?? '';
  const branchId = useGuestSession((session) => session.branchId);
  const own = config.branch?.name;
  const branches = useBranches(slug, null, !own && branchId !== null && slug !== '');
  const chosen = branches.data?.find((branch) => branch.id === branchId)?.name;
  return own ?? chosen ?? config.surveys?.[0]?.name ?? config.core?.company.name ?? '';
}

/**
 * The survey's look around a guest screen: its branding as a style sheet for the page (decision 0184),
 * the venue's logo and name in the header, and the page's main landmark for the screen itself.
 */
export function VenueFrame({ config, children }: { config: VenueConfig; children: ReactNode }) {
  const { t } = useTranslation();
  const survey = config.surveys?.[0];
  const logo = safeImageUrl(survey?.branding?.logoImage);
  const name = useVenueName(config);
  const brand = survey?.name ?? config.core?.company.name ?? name;
  const picture = Boolean(safeImageUrl(survey?.branding?.headerImage));
  return (
    <div className="venue" data-testid="venue">
      <style data-venue-branding="">{brandingCss(survey?.branding)}</style>
      <header className={picture ? 'venue__header venue__header--picture' : 'venue__header'}>
        <div className="venue__brand">
          {name && <p className="venue__name">{name}</p>}
          {logo && <img className="venue__logo" src={logo} alt={t('venue.logoAlt', { name: brand })} />}
        </div>
      </header>
      <main className="venue__main">{children}</main>
    </div>
  );
}
