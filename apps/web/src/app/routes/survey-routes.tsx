import { RoutePath } from '@venue-voice/domain';
import { Outlet, type RouteObject } from 'react-router';
import { VenueFrame } from '../../features/checkin/venue-frame';
import { AfterSurveyGuard } from '../../features/checkout/after-survey';
import { ensureFullConfig } from '../../features/session/full-config';
import { checkinConfigOf, useGuestSession } from '../../features/session/session-store';
import type { RouteHandle } from '../root-layout';

const title = (key: string): RouteHandle => ({ title: `questions:${key}` });

/**
 * The survey's screens in the venue's frame (branding, logo); the toasts and the error queue they
 * report through are the root layout's. Without a config (a new tab) the guard has already sent the
 * guest to the entry, so the plain page only shows while that happens.
 */
function SurveyFrame() {
  const config = useGuestSession(checkinConfigOf);
  if (!config?.surveys?.[0]) {
    return (
      <main className="page">
        <Outlet />
      </main>
    );
  }
  return (
    <VenueFrame config={config}>
      <Outlet />
    </VenueFrame>
  );
}

/**
 * The survey is sent from /checkout, so its code is fetched while the guest answers: a signal lost by
 * the last question then shows the submit's own failure and Try again, not a screen that cannot load
 * (decision 0075). It starts right after the questions' own code arrived, while the signal is there.
 */
const loadCheckout = () => import('../../features/checkout/checkout-screen');

/** /questions and the steps after it (G2), each loaded when first needed (checkout a little sooner). */
export const surveyRoutes: RouteObject = {
  Component: SurveyFrame,
  children: [
    {
      path: RoutePath.QUESTIONS.slice(1),
      handle: title('pageTitle'),
      // Every way in (a new setup included) gets the config's full parse before the questions read it.
      loader: async () => {
        await ensureFullConfig();
        return null;
      },
      lazy: async () => {
        const { QuestionsPage } = await import('../../features/questions/questions-page');
        loadCheckout().catch(() => undefined);
        return { Component: QuestionsPage };
      },
    },
    {
      // The steps after the questions (G2.40–G2.42): each checks what the session holds when entered.
      Component: AfterSurveyGuard,
      children: [
        {
          path: RoutePath.CHECKOUT.slice(1),
          handle: { title: 'checkout:pageTitle.checkout' },
          lazy: async () => ({ Component: (await loadCheckout()).CheckoutScreen }),
        },
        {
          path: RoutePath.UPLOAD.slice(1),
          handle: { title: 'upload:pageTitle' },
          lazy: async () => ({
            Component: (await import('../../features/upload/upload-screen')).UploadScreen,
          }),
        },
        {
          path: RoutePath.RECOMMEND.slice(1),
          handle: { title: 'sharing:recommend.pageTitle' },
          lazy: async () => ({
            Component: (await import('../../features/sharing/recommend-screen')).RecommendScreen,
          }),
        },
        {
          path: RoutePath.SHARE.slice(1),
          handle: { title: 'sharing:share.pageTitle' },
          lazy: async () => ({
            Component: (await import('../../features/sharing/share-screen')).ShareScreen,
          }),
        },
        {
          path: RoutePath.THANK_YOU.slice(1),
          handle: { title: 'checkout:pageTitle.thankYou' },
          lazy: async () => ({
            Component: (await import('../../features/checkout/thank-you-screen')).ThankYouScreen,
          }),
        },
      ],
    },
  ],
};
