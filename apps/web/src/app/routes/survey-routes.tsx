import { RoutePath } from '@venue-voice/domain';
import { Outlet, type RouteObject } from 'react-router';
import { VenueFrame } from '../../features/checkin';
import { loadCheckoutScreen, loadThankYouScreen } from '../../features/checkout';
import { deviceReadsCode } from '../../features/device-sync';
import { loadQuestionsPage } from '../../features/questions';
import { loadRecommendScreen, loadShareScreen } from '../../features/sharing';
import { loadUploadScreen } from '../../features/upload';
import { isAppMode } from '../../platform/device-session';
import { loadSurveyTexts } from '../../platform/i18n';
import { AfterSurveyGuard } from '../../shared/after-survey';
import { useGuestSession } from '../../shared/session/session-store';
import type { RouteHandle } from '../root-layout';

const title = (key: string): RouteHandle => ({ title: `questions:${key}` });

/**
 * The survey's screens in the venue's frame (branding, logo); the toasts and the error queue they
 * report through are the root layout's. Without a config (a new tab) the guard has already sent the
 * guest to the entry, so the plain page only shows while that happens.
 */
function SurveyFrame() {
  const config = useGuestSession((session) => session.config);
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

/** A survey screen's code with its texts (the survey's English is not on the first screen). */
const withSurveyTexts =
  <T,>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadSurveyTexts()]))[0];

/** The steps after the questions, each its own chunk. */
const afterSurvey = {
  checkout: withSurveyTexts(loadCheckoutScreen),
  upload: withSurveyTexts(loadUploadScreen),
  recommend: withSurveyTexts(loadRecommendScreen),
  share: withSurveyTexts(loadShareScreen),
  thankYou: withSurveyTexts(loadThankYouScreen),
};

/**
 * A tablet shows the questions only once it holds the code of every step after them, of its offline
 * queue and of its offline reads (decision 0167): a tablet that loses its connection before its service
 * worker has cached the app then still keeps the survey (D4.36) instead of failing to load /checkout.
 * In the route's loader, so it runs on every survey a tablet starts and beside the questions' own code:
 * about 30 kB gzip on the venue's network the first time, the module cache after.
 */
const tabletSurveyCode = async () => {
  if (!isAppMode()) return;
  await Promise.all([
    ...Object.values(afterSurvey).map((load) => load()),
    import('../../features/device-queue'),
    deviceReadsCode(),
  ]);
};

/**
 * A guest's phone fetches the checkout's code while the guest answers (decision 0075): a signal lost by
 * the last question then shows the submit's own failure and Try again, not a screen that cannot load.
 * It starts right after the questions' own code arrived, so the two never share a weak signal.
 */
async function loadQuestions() {
  const questions = await withSurveyTexts(loadQuestionsPage)();
  if (!isAppMode()) afterSurvey.checkout().catch(() => undefined);
  return questions;
}

/**
 * /questions and the steps after it (G2), each loaded when first needed, or sooner: see loadQuestions and
 * tabletSurveyCode.
 */
export const surveyRoutes: RouteObject = {
  Component: SurveyFrame,
  children: [
    {
      path: RoutePath.QUESTIONS.slice(1),
      handle: title('pageTitle'),
      loader: async () => {
        await tabletSurveyCode();
        return null;
      },
      lazy: async () => ({ Component: (await loadQuestions()).QuestionsPage }),
    },
    {
      // The steps after the questions (G2.40–G2.42): each checks what the session holds when entered.
      Component: AfterSurveyGuard,
      children: [
        {
          path: RoutePath.CHECKOUT.slice(1),
          handle: { title: 'checkout:pageTitle.checkout' },
          lazy: async () => ({ Component: (await afterSurvey.checkout()).CheckoutScreen }),
        },
        {
          path: RoutePath.UPLOAD.slice(1),
          handle: { title: 'upload:pageTitle' },
          lazy: async () => ({ Component: (await afterSurvey.upload()).UploadScreen }),
        },
        {
          path: RoutePath.RECOMMEND.slice(1),
          handle: { title: 'sharing:recommend.pageTitle' },
          lazy: async () => ({ Component: (await afterSurvey.recommend()).RecommendScreen }),
        },
        {
          path: RoutePath.SHARE.slice(1),
          handle: { title: 'sharing:share.pageTitle' },
          lazy: async () => ({ Component: (await afterSurvey.share()).ShareScreen }),
        },
        {
          path: RoutePath.THANK_YOU.slice(1),
          handle: { title: 'checkout:pageTitle.thankYou' },
          lazy: async () => ({ Component: (await afterSurvey.thankYou()).ThankYouScreen }),
        },
      ],
    },
  ],
};
