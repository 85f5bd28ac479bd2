import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SLUG_ERRORS } from '@venue-voice/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { analyticsEvent } from '../../platform/analytics';
import { useApi } from '../../platform/api-context';
import { isUnknownSlug } from '../../platform/api-failure';
import { firstFramePainted } from '../../platform/first-frame';
import { HardRedirect } from '../../platform/hard-redirect';
import { currentLanguage, setLanguage } from '../../platform/i18n';
import { NOT_FOUND_PATH } from '../../platform/navigation';
import { useGuestSession } from '../../shared/session/session-store';
import { LoadingStatus } from '../../ui/loading-status';
import { applySetup } from './apply-setup';
import { configFetchedDecision } from './checkin-flow';
import { preloadScreenFor } from './checkin-screens';
import { usePerformDecision } from './use-route-decision';
import { parseVenueAddress, type VenueAddress } from './venue-address';
import { loadSetup, type SetupResult } from './venue-setup';

/** Entry of the guest flow: /:slug, /:slug/:pin and /:slug/(pin|pve)/:value (G2). */
export function VenueLanding() {
  const params = useParams();
  const { search } = useLocation();
  const address = parseVenueAddress(params, search);
  if (!address) {
    return <HardRedirect to={NOT_FOUND_PATH} reason="Bad survey tag used" context={{ params }} />;
  }
  return <VenueSetup address={address} />;
}

/** Shown while a setup runs; a lookup failure of the link travels to the step that asks again. */
export interface EntryStepState {
  linkLookupFailure?: string | null;
}

function VenueSetup({ address }: { address: VenueAddress }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const perform = usePerformDecision();
  // Every visit to the address is a new setup (G4.80): nothing is cached between two of them.
  const setup = useQuery({
    queryKey: ['checkin-setup', address],
    // The first frame (consent banner, loading status) is painted before the requests go (0150).
    queryFn: async () => {
      await firstFramePainted();
      const result = await loadSetup(api, address, new Date(), currentLanguage());
      if (result.kind === 'ready') await setLanguage(result.language);
      // The first step's code arrives with the setup, so the navigation below goes straight to it.
      if (result.kind === 'ready') await preloadScreenFor(configFetchedDecision(result.session, new Date()));
      return result;
    },
    staleTime: 0,
    gcTime: 0,
  });
  const applied = useRef<SetupResult | null>(null);

  useEffect(() => {
    const result = setup.data;
    if (result?.kind !== 'ready' || applied.current === result) return;
    applied.current = result;
    applySetup(result.session, result.branches, queryClient);
    if (result.session.config?.surveys?.[0])
      analyticsEvent('survey-started', { slug: result.session.slug ?? '' });
    const state: EntryStepState = { linkLookupFailure: result.linkLookupFailure };
    perform(configFetchedDecision(useGuestSession.getState(), new Date()), { replace: true, state });
  }, [setup.data, perform, queryClient]);

  if (setup.isError) {
    if (isUnknownSlug(setup.error)) {
      return (
        <HardRedirect to={NOT_FOUND_PATH} reason="Bad survey tag used" context={{ slug: address.slug }} />
      );
    }
    return (
      <main className="page page--centred">
        <div className="card" role="alert">
          <p>{t('api.responseError')}</p>
          <button type="button" className="button" onClick={() => void setup.refetch()}>
            {t('app.retry')}
          </button>
        </div>
      </main>
    );
  }
  if (setup.data?.kind === 'notFound') {
    return (
      <HardRedirect
        to={NOT_FOUND_PATH}
        reason={SLUG_ERRORS[setup.data.error].log}
        context={{ slug: address.slug }}
      />
    );
  }
  return (
    <main className="page page--centred">
      <LoadingStatus label={t('app.loading')} />
    </main>
  );
}
