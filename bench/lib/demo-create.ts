import { randomUUID } from 'node:crypto';
import { type CreatePayload, csatScore, npsScore } from '@venue-voice/domain';
import { DEMO_SURVEYS } from '../../apps/server/src/db/seed/demo-surveys';

const GUID = '00000000-0000-4000-8000-000000000000';

/** A device-local `YYYY-MM-DD HH:mm:ss` (the tablet's clock in UTC, as the soaks' browsers and Node run). */
const localText = (at: number): string => new Date(at).toISOString().slice(0, 19).replace('T', ' ');

/** CSAT and NPS as the server computes them from demo-bistro's indicators (it refuses any other, D3.15). */
const bistroScores = (indicators: { id: number; score: number }[]) => {
  const all = DEMO_SURVEYS[0]?.definition.indicators ?? [];
  const scores = Object.fromEntries(indicators.map(({ id, score }) => [id, score]));
  return { csatScore: csatScore(all, scores), npsScore: npsScore(all, scores) };
};

const WEB_INDICATORS = [
  { id: 1, score: 2 },
  { id: 2, score: 5 },
  { id: 3, score: 4 },
  { id: 4, score: 4 },
  { id: 5, score: 8 },
];
// Dated from the bench's start: the server refuses a visit over a year old (D3.16).
const started = Date.now();

/** A realistic demo-bistro create: ratings, NPS, a comment, a drill-down; the guid is replaced per request. */
const TEMPLATE = JSON.stringify({
  type: 'create',
  payload: {
    guid: GUID,
    visitDatetime: localText(started - 55 * 60_000),
    surveyStart: localText(started - 5 * 60_000),
    surveyCompleted: localText(started),
    pinCode: '',
    feedbackAlert: false,
    managerFeedbackIndicatorRulePassed: false,
    recommendationPermitted: true,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    staffId: 1,
    urlParams: { branchId: '1', txSource: 'qr' },
    questionMap: [101, 102, 103],
    answers: {
      questions: [
        { id: 101, answer: { choices: [2, 5] } },
        { id: 102, answer: { text: 'The soup was cold but the staff put it right quickly.' } },
      ],
      indicators: WEB_INDICATORS,
      ...bistroScores(WEB_INDICATORS),
    },
  },
});

/** The create's JSON body with a new guid: each request is a new response. */
export const demoCreateBody = (): string => TEMPLATE.replace(GUID, randomUUID());

/** A guest's survey.submit headers for demo-bistro. */
export const DEMO_SUBMIT_HEADERS = {
  'content-type': 'application/json',
  'x-auth-type': 'web',
  'x-survey-slug': 'demo-bistro',
};

/**
 * A tablet's demo-bistro create as the queue benches and soaks send it (staff member 1, one comment,
 * one rating, CSAT 75, no NPS): `comment` tells the responses apart. `completed` (epoch ms, default now)
 * is when the guest finished: the server dates a tablet's contact details by it (decision 0144), so a
 * fixture with an old date would have its details dropped as expired.
 */
export const tabletCreatePayload = (options: {
  guid: string;
  comment: string;
  userAgent: string;
  completed?: number;
}): CreatePayload => {
  const completed = options.completed ?? Date.now();
  return {
    guid: options.guid,
    visitDatetime: localText(completed - 55 * 60_000),
    surveyStart: localText(completed - 5 * 60_000),
    surveyCompleted: localText(completed),
    pinCode: '',
    feedbackAlert: false,
    managerFeedbackIndicatorRulePassed: false,
    recommendationPermitted: true,
    userAgent: options.userAgent,
    staffId: 1,
    urlParams: {},
    questionMap: [101, 102],
    answers: {
      questions: [{ id: 102, answer: { text: options.comment } }],
      indicators: [{ id: 1, score: 4 }],
      ...bistroScores([{ id: 1, score: 4 }]),
    },
  };
};
