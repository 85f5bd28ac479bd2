/** A finished survey run and session for the sharing feature's tests (not imported by the app). */
import {
  type GuestStaffMember,
  IndicatorKind,
  type Question,
  type QuestionAnswer,
  QuestionFormat,
  type QuestionInput,
  QuestionType,
  questionSchema,
  SocialType,
  type StaffAnswer,
  type SurveyInput,
} from '@venue-voice/domain';
import type { GuestSession } from '../../shared/session/session-store';
import { afterSurveySession, createPayload, submitAnswer } from '../../test/after-survey';
import { testSurvey, venueConfig } from '../../test/render-app';
import type { SurveyRun } from '../questions';
import { SURVEY_RUN_VERSION } from '../questions/testing';

const indicator = (id: number, name: string, kind: IndicatorKind, trueMax: number) => ({
  id,
  name,
  kind,
  weight: 10,
  isRequired: false,
  trueMin: kind === IndicatorKind.NPS ? 0 : 1,
  trueMax,
  csatWeight: 1,
});

/** The survey the sharing tests finish: two ratings and the recommend score, three review sites. */
export const sharingSurveyInput: Partial<SurveyInput> = {
  indicators: [
    indicator(1, 'Food', IndicatorKind.SURVEY_RATING, 5),
    indicator(2, 'Service', IndicatorKind.SURVEY_RATING, 5),
    indicator(5, 'Recommend', IndicatorKind.NPS, 10),
  ],
  aiRecommendation: { suggestionsEnabled: true },
  recommendation: { enabled: true },
  reviewSites: [
    { type: SocialType.TRIPADVISOR, url: 'https://www.tripadvisor.co.uk/UserReviewEdit-demo' },
    { type: SocialType.GOOGLE, url: 'https://search.google.com/local/writereview?placeid=demo' },
    { type: SocialType.FACEBOOK, url: 'https://www.facebook.com/demo/reviews' },
  ],
};

export const question = (id: number, text: string, changes: Partial<QuestionInput> = {}): Question =>
  questionSchema.parse({
    id,
    templateId: 1,
    sectionId: 'main',
    questionType: QuestionType.OTHER,
    text,
    ...changes,
  });

/** The questions of the tests: a rating, two comment boxes, a yes/no/why, a choice, a postcode. */
export const sharingQuestions: Question[] = [
  question(10, 'How clean was your table?'),
  question(11, 'Any other comments?', { commentMode: 'comment' }),
  question(12, 'Tell us more', { commentMode: 'positive_negative' }),
  question(13, 'Would you come back?', { otherQuestionsFormat: QuestionFormat.YES_NO_WHY }),
  question(14, 'How did you hear of us?', {
    otherQuestionsFormat: QuestionFormat.ONE_RADIO,
    otherQuestionsAnswers: [{ id: 1, text: 'A friend' }],
  }),
  question(15, 'Your postcode', { commentMode: 'postcode' }),
];

/** A member of the branch's team as survey.config's staff edge lists it for a guest. */
export const staffMember = (id: number, displayName: string): GuestStaffMember => ({
  id,
  displayName,
  fullName: `${displayName} Example`,
  status: 1,
  teamId: 1,
  gender: null,
  type: null,
  imageUrl: null,
  thumbnailUrl: null,
  tags: [],
});

export interface FinishedRun {
  scores?: Record<number, number>;
  answers?: Record<number, QuestionAnswer>;
  /** Questions answered but on a screen never confirmed (default: none). */
  unconfirmed?: number[];
  staff?: StaffAnswer | null;
  survey?: Partial<SurveyInput>;
}

/** A run whose questions are all done: every answered question shown and confirmed. */
export function finishedRun({
  scores = {},
  answers = {},
  unconfirmed = [],
  staff = null,
  survey,
}: FinishedRun = {}): SurveyRun {
  const ids = sharingQuestions.map((q) => q.id);
  return {
    version: SURVEY_RUN_VERSION,
    seed: 1,
    step: 3,
    visit: { transaction: null, visitDateTime: '2025-06-14 19:30:00' },
    engine: {
      survey: testSurvey({ ...sharingSurveyInput, ...survey }),
      questions: sharingQuestions,
      sectionOrder: ['main'],
      built: [],
      completedSections: ['main'],
      completedQuestions: ids.filter((id) => !unconfirmed.includes(id)),
      answers,
      visible: ids,
    },
    scores,
    draft: { answers: {}, scores: {}, staff: null },
    staff,
    demographics: {},
    phase: 'done',
    hasDemographics: false,
    startedAt: '2025-06-14 21:00:00',
    history: [],
    ahead: [],
  };
}

/** The session once the create was answered (response 41), with the survey run kept. */
export function submittedSession(run: SurveyRun, changes: Partial<GuestSession> = {}): GuestSession {
  return afterSurveySession({
    config: venueConfig(sharingSurveyInput),
    surveyRun: run,
    // The times of `finishedRun`'s visit and run; the scores live in the run.
    createPayload: createPayload({
      visitDatetime: '2025-06-14 19:30:00',
      surveyStart: '2025-06-14 20:50:00',
      surveyCompleted: '2025-06-14 21:00:00',
      answers: { questions: [], indicators: [], csatScore: null, npsScore: null },
    }),
    submitted: submitAnswer(),
    ...changes,
  });
}
