import { RoutePath } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { Outlet, type RouteObject } from 'react-router';
import { VenueFrame } from '../../features/checkin/venue-frame';
import { useGuestSession } from '../../features/session/session-store';
import { ErrorDisplay } from '../../ui/error-display';
import { ToastRegion } from '../../ui/toast-region';
import type { RouteHandle } from '../root-layout';

const title = (key: string): RouteHandle => ({ title: `questions:${key}` });

/**
 * The survey's screens in the venue's frame (branding, logo), with the toasts and the error queue
 * the questions screen reports through. Without a config (a new tab) the guard has already sent the
 * guest to the entry, so the plain page only shows while that happens.
 */
function SurveyFrame() {
  const { t } = useTranslation('questions');
  const config = useGuestSession((session) => session.config);
  const notices = (
    <>
      <ToastRegion dismissLabel={t('notices.dismiss')} />
      <ErrorDisplay dismissLabel={t('notices.ok')} traceLabel={t('notices.details')} />
    </>
  );
  if (!config?.surveys?.[0]) {
    return (
      <main className="page">
        {notices}
        <Outlet />
      </main>
    );
  }
  return (
    <VenueFrame config={config}>
      {notices}
      <Outlet />
    </VenueFrame>
  );
}

/** /questions and /thank-you (G2), each loaded when first needed. */
export const surveyRoutes: RouteObject = {
  Component: SurveyFrame,
  children: [
    {
      path: RoutePath.QUESTIONS.slice(1),
      handle: title('pageTitle'),
      lazy: async () => ({
        Component: (await import('../../features/questions/questions-page')).QuestionsPage,
      }),
    },
    {
      path: RoutePath.THANK_YOU.slice(1),
      handle: title('thankYouTitle'),
      lazy: async () => ({
        Component: (await import('../../features/checkout/thank-you-screen')).ThankYouScreen,
      }),
    },
  ],
};
