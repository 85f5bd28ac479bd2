/** A small bistro survey for the questions screen's tests (not imported by the app). */

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  type ConfigResponse,
  IndicatorKind,
  type Question,
  QuestionFormat,
  type QuestionInput,
  QuestionType,
  questionSchema,
  type Survey,
  type SurveyInput,
  surveySchema,
} from '@venue-voice/domain';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { WebApi } from '../../platform/api';
import { ApiProvider } from '../../platform/api-context';
import { i18n } from '../../platform/i18n';
import { emptySession, type GuestSession, useGuestSession } from '../../shared/session/session-store';
import { fakeApi } from '../../test/render-app';
import { QuestionsPage } from './questions-page';

const noRule = { indicatorId: null, scoreRequired: null, lowerBound: true, strict: false };
const roomy = { maximum: 10, indicatorRule: noRule };
const choices = (...texts: string[]) => texts.map((text, index) => ({ id: index + 1, text }));

const rating = (id: number, name: string, weight: number) => ({
  id,
  name,
  kind: IndicatorKind.SURVEY_RATING,
  weight,
  isRequired: true,
  trueMin: 1,
  trueMax: 5,
  csatWeight: 1,
});

export function bistroSurvey(overrides: Partial<SurveyInput> = {}): Survey {
  return surveySchema.parse({
    templateId: 1,
    surveyId: 1001,
    surveyTypeId: 1,
    slug: 'demo-bistro',
    name: 'Demo Bistro',
    templateLocale: 'en-gb',
    eposEnabled: true,
    showPinScreen: true,
    tableNumberEntry: false,
    maximumQuestionCount: 20,
    averageServiceTime: 75,
    sections: [
      { id: 'ratings', name: 'Ratings', weight: 100, title: 'How was your visit?', subtitle: 'Tap a face' },
      { id: 'nps', name: 'Recommend', weight: 90, title: 'How likely are you to recommend us?' },
      { id: 'drilldowns', name: 'Tell us more', weight: 80, dependsOn: ['ratings', 'nps'], allowSkip: true },
      { id: 'questions', name: 'A few questions', weight: 50 },
      { id: 'comments', name: 'Comments', weight: 40, title: 'Anything else?', allowSkip: true },
    ],
    indicatorsRenderType: 0,
    indicators: [
      rating(1, 'Food', 100),
      rating(2, 'Service', 90),
      {
        id: 5,
        name: 'Recommend',
        kind: IndicatorKind.NPS,
        weight: 60,
        isRequired: true,
        trueMin: 0,
        trueMax: 10,
        csatWeight: 0,
      },
    ],
    maxima: {
      other: roomy,
      contextSensitive: roomy,
      productRelated: roomy,
      drilldown: { ...roomy, maximumPerIndicator: 2 },
      menuInsight: roomy,
    },
    staffSelector: { enabled: false, renderType: 0, followup: 0 },
    managerFeedback: {
      enabled: true,
      indicatorRule: { ...noRule, indicatorId: 2, scoreRequired: 2, lowerBound: false },
    },
    aiRecommendation: { suggestionsEnabled: false },
    recommendation: { enabled: false },
    dataCapture: { enabled: false },
    ...overrides,
  });
}

const q = (input: Omit<QuestionInput, 'templateId'>): Question =>
  questionSchema.parse({ templateId: 1, ...input });

export const bistroQuestions: Question[] = [
  q({
    id: 101,
    sectionId: 'drilldowns',
    questionType: QuestionType.DRILLDOWN,
    otherQuestionsFormat: QuestionFormat.ONE_CHECKBOX,
    multiSelect: true,
    text: 'What let the food down?',
    indicatorId: 1,
    triggerStars: [1, 2],
    weight: 90,
    triggerComplaint: true,
    otherQuestionsAnswers: choices('Temperature', 'Taste', 'Portion size'),
    followUpQuestions: [102],
  }),
  q({
    id: 102,
    sectionId: 'drilldowns',
    questionType: QuestionType.DRILLDOWN_PLUS,
    otherQuestionsFormat: QuestionFormat.TEXT_MULTIPLE,
    commentMode: 'comment',
    text: 'Tell us what happened so we can put it right',
    linkedQuestion: 101,
    weight: 85,
  }),
  q({
    id: 120,
    sectionId: 'questions',
    questionType: QuestionType.OTHER,
    otherQuestionsFormat: QuestionFormat.YES_NO_WHY,
    text: 'Was this your first visit?',
    ynFollowupY: true,
    required: true,
    weight: 60,
  }),
  q({
    id: 121,
    sectionId: 'questions',
    questionType: QuestionType.OTHER,
    otherQuestionsFormat: QuestionFormat.ONE_DROPDOWN,
    text: 'How did you hear about us?',
    otherQuestionsAnswers: choices('Friends or family', 'Social media', 'Walked past'),
    weight: 55,
  }),
  q({
    id: 122,
    sectionId: 'questions',
    questionType: QuestionType.OTHER,
    otherQuestionsFormat: QuestionFormat.ONE_RADIO,
    text: 'What was the occasion?',
    otherQuestionsAnswers: choices('Business', 'Celebration', 'Casual meal'),
    allowNotApplicable: true,
    weight: 50,
  }),
  q({
    id: 125,
    sectionId: 'questions',
    questionType: QuestionType.OTHER,
    otherQuestionsFormat: QuestionFormat.TEXT_SINGLE,
    commentMode: 'postcode',
    text: 'What is your postcode?',
    weight: 30,
  }),
  q({
    id: 130,
    sectionId: 'comments',
    questionType: QuestionType.OTHER,
    otherQuestionsFormat: QuestionFormat.TEXT_MULTIPLE,
    commentMode: 'positive_negative',
    text: 'Anything else you would like to tell us?',
    weight: 10,
  }),
];

export const demographicsConfig: NonNullable<ConfigResponse['demographics']> = {
  fields: [
    {
      id: 1,
      type: 1,
      label: 'Gender',
      fieldType: 'select',
      required: false,
      options: [
        { id: 1, value: 'Female' },
        { id: 2, value: 'Male' },
      ],
    },
    { id: 5, type: 5, label: 'Home postcode area', fieldType: 'text', required: false, options: [] },
  ],
};

/** A session as the check-in leaves it: config fetched, branch and visit known, survey started. */
export function checkedInSession(changes: Partial<GuestSession> = {}): GuestSession {
  return {
    ...emptySession,
    slug: 'demo-bistro',
    config: { surveys: [bistroSurvey()], questions: bistroQuestions, demographics: { fields: [] } },
    branchId: 1,
    visitDateTime: '2025-03-14 19:30:00',
    urlParams: {},
    guid: '8d5c1a56-1c8e-4c62-9a59-0d6f2f4b2f11',
    startTime: '2025-03-14 21:00:00',
    surveyInProgress: 1,
    ...changes,
  };
}

/**
 * Renders /questions with the session given, as the router would after the entry guard; `api` answers
 * the calls the screen makes (the staff list), any other call fails the test. `initialEntries` is the
 * tab's history before it, /questions last.
 */
export function renderQuestions(
  session: GuestSession,
  api: WebApi = fakeApi(),
  initialEntries: string[] = ['/questions'],
) {
  useGuestSession.setState(session);
  const router = createMemoryRouter(
    [
      { path: '/questions', Component: QuestionsPage },
      { path: '/checkout', Component: CheckoutStandIn },
      { path: '/', element: <p>Venue entry</p> },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={api}>
          <RouterProvider router={router} />
        </ApiProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router };
}

/** Stands in for the checkout feature's /checkout screen: the questions tests only need to arrive there. */
function CheckoutStandIn() {
  return <h1>Thank you for your feedback</h1>;
}
