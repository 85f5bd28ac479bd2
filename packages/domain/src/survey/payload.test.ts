import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { DEMO_SURVEYS } from '../../../../apps/server/src/db/seed/demo-surveys';
import { createPayloadSchema } from '../schemas/submit';
import { completeScreen, currentScreen, shownQuestions, startSurvey } from './build';
import { ctx, q, surveyWith, transaction } from './fixtures';
import {
  buildAnswers,
  buildCreatePayload,
  type CreatePayloadInput,
  feedbackAlertOf,
  formatLocalDateTime,
  managerFeedbackPassed,
} from './payload';
import { webSurveyInProgress } from './progress';

const survey = surveyWith();
const scores = { 1: 4, 2: 9, 3: 5 };
const answers = buildAnswers({ survey, questionMap: [], answers: {}, indicatorScores: scores });

const input = (fields: Partial<CreatePayloadInput> = {}): CreatePayloadInput => ({
  guid: '0b6f2a8e-4c1d-4f3a-9d7e-2a1b3c4d5e6f',
  visitDateTime: '2025-06-14 19:30:00',
  surveyStart: '2025-06-14 21:00:00',
  surveyCompleted: '2025-06-14 21:04:10',
  transactionRef: null,
  transaction: null,
  feedbackAlert: false,
  managerFeedbackIndicatorRulePassed: false,
  recommendationPermitted: true,
  userAgent: 'Mozilla/5.0',
  staffId: null,
  urlParams: { slug: 'demo-bistro', urlSrc: 'qr|table' },
  questionMap: [],
  answers,
  ...fields,
});

describe('G4.38 the answer payload', () => {
  it('holds the shown, answered questions in plan order; answered indicators; csatScore; npsScore', () => {
    const payload = buildAnswers({
      survey,
      questionMap: [3, 1, 2],
      answers: {
        1: { choices: [2, 4] },
        2: {
          text: 'Lovely',
          extra: { menuInsight: [{ ref: 'P1', aspectRatingId: 3, reasons: [1], comment: 'hot' }] },
        },
        3: { text: 'SW1A 1AA' },
        9: { text: 'not shown: left out' },
      },
      indicatorScores: { 3: 5, 1: 4, 2: 9 },
    });
    expect(payload).toEqual({
      questions: [
        { id: 3, answer: { text: 'SW1A 1AA' } },
        { id: 1, answer: { choices: [2, 4] } },
        {
          id: 2,
          answer: {
            text: 'Lovely',
            extra: { menuInsight: [{ ref: 'P1', aspectRatingId: 3, reasons: [1], comment: 'hot' }] },
          },
        },
      ],
      indicators: [
        { id: 1, score: 4 },
        { id: 2, score: 9 },
        { id: 3, score: 5 },
      ],
      csatScore: 88, // (3 + 4) / 8
      npsScore: 9,
    });
  });

  it('nothing answered: empty lists and null scores', () => {
    expect(buildAnswers({ survey, questionMap: [1], answers: {}, indicatorScores: {} })).toEqual({
      questions: [],
      indicators: [],
      csatScore: null,
      npsScore: null,
    });
  });
});

describe('G4.39 what an answer carries', () => {
  it.each([
    ['blank text is left out', { text: '  ', choices: [1] }, { choices: [1] }],
    ['empty choices are left out', { text: 'ok', choices: [] }, { text: 'ok' }],
    ['an empty dish list is left out', { text: 'ok', extra: { menuInsight: [] } }, { text: 'ok' }],
    [
      'saved services are carried',
      { extra: { services: [{ id: 'food', answers: [{ id: 'score', value: 4 }] }] } },
      { extra: { services: [{ id: 'food', answers: [{ id: 'score', value: 4 }] }] } },
    ],
    [
      'an empty service list is left out, dishes kept',
      { extra: { menuInsight: [{ ref: '1', aspectRatingId: 3 as const, reasons: [] }], services: [] } },
      { extra: { menuInsight: [{ ref: '1', aspectRatingId: 3, reasons: [] }] } },
    ],
    ['not applicable is kept alone', { notApplicable: true }, { notApplicable: true }],
    ['a false not-applicable is left out', { notApplicable: false, text: 'x' }, { text: 'x' }],
    ['text is sent as typed', { text: '  spaced  ' }, { text: '  spaced  ' }],
  ])('%s', (_name, answer, expected) => {
    const payload = buildAnswers({ survey, questionMap: [1], answers: { 1: answer }, indicatorScores: {} });
    expect(payload.questions).toEqual([{ id: 1, answer: expected }]);
  });

  it('an answer with nothing in it is not sent', () => {
    const payload = buildAnswers({
      survey,
      questionMap: [1],
      answers: { 1: { text: '', choices: [], extra: { menuInsight: [], services: [] } } },
      indicatorScores: {},
    });
    expect(payload.questions).toEqual([]);
  });
});

describe('D3.1 create payload times', () => {
  it('strings pass through; instants are written in the venue zone as YYYY-MM-DD HH:mm:ss', () => {
    const payload = buildCreatePayload(
      input({
        surveyStart: new Date('2025-06-14T20:00:05Z'),
        surveyCompleted: new Date('2025-12-01T09:03:00Z'),
        timeZone: 'Europe/London',
      }),
    );
    expect(payload.visitDatetime).toBe('2025-06-14 19:30:00');
    expect(payload.surveyStart).toBe('2025-06-14 21:00:05'); // BST
    expect(payload.surveyCompleted).toBe('2025-12-01 09:03:00'); // GMT
  });

  it.each([
    ['2025-01-02T03:04:05Z', 'UTC', '2025-01-02 03:04:05'],
    ['2025-06-30T23:30:00Z', 'Europe/Berlin', '2025-07-01 01:30:00'],
    ['0999-03-04T05:06:07Z', 'UTC', '0999-03-04 05:06:07'],
  ])('formatLocalDateTime(%s, %s) = %s', (iso, zone, expected) => {
    expect(formatLocalDateTime(new Date(iso), zone)).toBe(expected);
  });
});

describe('D3.2 pinCode', () => {
  it.each([
    ['the transaction ref', 'TX-123', 'TX-123'],
    ['empty without one', null, ''],
  ])('is %s', (_name, transactionRef, expected) => {
    expect(buildCreatePayload(input({ transactionRef })).pinCode).toBe(expected);
  });
});

describe('D3.11 a receipt PIN typed offline', () => {
  it.each([
    ['kept, trimmed, with an empty pinCode', null, ' 123457 ', '', '123457'],
    ['left out when the receipt was looked up', 'TX-123', '123457', 'TX-123', undefined],
    ['left out when blank', null, '  ', '', undefined],
    ['left out when none was typed', null, null, '', undefined],
    ['left out when not given', null, undefined, '', undefined],
  ])('is %s', (_name, transactionRef, receiptPin, pinCode, kept) => {
    const payload = buildCreatePayload(input({ transactionRef, receiptPin }));
    expect(payload.pinCode).toBe(pinCode);
    expect(payload.receiptPin).toBe(kept);
    expect('receiptPin' in payload).toBe(kept !== undefined);
  });

  it('over 64 characters it is refused on the device (D3.8)', () => {
    expect(() => buildCreatePayload(input({ transactionRef: null, receiptPin: '1'.repeat(65) }))).toThrow();
  });
});

describe('D3.3 url_params.table_id', () => {
  it.each([
    [12, { table_id: '12' }],
    [0, { table_id: '0' }],
    ['0', { table_id: '0' }],
    [' 7 ', { table_id: '7' }],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('table number %j → %j', (tableNumber, expected) => {
    const payload = buildCreatePayload(input({ tableNumber }));
    expect(payload.url_params).toEqual(expected);
    expect('url_params' in payload).toBe(expected !== undefined);
  });
});

describe('D3.4 transaction', () => {
  it('is sent when there is one, and absent otherwise', () => {
    const tx = transaction(3, 90);
    expect(buildCreatePayload(input({ transaction: tx })).transaction).toEqual(tx);
    expect('transaction' in buildCreatePayload(input())).toBe(false);
  });
});

describe('D3.5 questionMap', () => {
  it('lists the questions shown, in plan order, from a finished run', () => {
    const questions = [q(1, { weight: 10 }), q(2, { weight: 90, followUpQuestions: [3] }), q(3)];
    let state = startSurvey({ survey, questions }, ctx());
    while (currentScreen(state)) state = completeScreen(state, { 2: { choices: [1] } }, ctx());
    const payload = buildCreatePayload(input({ questionMap: shownQuestions(state) }));
    expect(payload.questionMap).toEqual([2, 3, 1]);
  });
});

describe('D3.6 guid', () => {
  it('is the one passed in, so a retried create is the same response', () => {
    expect(buildCreatePayload(input()).guid).toBe('0b6f2a8e-4c1d-4f3a-9d7e-2a1b3c4d5e6f');
    expect(buildCreatePayload(input())).toEqual(buildCreatePayload(input()));
  });
});

describe('D3.7 fields added by the answers', () => {
  it('staff and demographics are sent when given, absent otherwise', () => {
    const staff = { renderType: 0 as const, description: 'Sam was great' };
    const demographics = [{ id: 1, value: '25-34' }];
    const payload = buildCreatePayload(input({ staff, demographics, staffId: 4 }));
    expect(payload).toMatchObject({ staff, demographics, staffId: 4 });
    const bare = buildCreatePayload(input());
    expect('staff' in bare || 'demographics' in bare).toBe(false);
  });
});

describe('D3.8 the create payload parses with createPayloadSchema', () => {
  it('for a whole demo-bistro run', () => {
    const demo = DEMO_SURVEYS[0];
    if (!demo) throw new Error('no demo survey');
    const first = webSurveyInProgress([demo.definition]);
    expect(first?.slug).toBe('demo-bistro');
    const all = { 1: 2, 2: 5, 3: 4, 4: 4, 5: 3, 6: 4 };
    let state = startSurvey({ survey: demo.definition, questions: demo.questions }, ctx({ scores: all }));
    for (let screen = currentScreen(state); screen; screen = currentScreen(state)) {
      const given = Object.fromEntries(screen.questionIds.map((id) => [id, { choices: [1], text: 'Good' }]));
      state = completeScreen(state, given, ctx({ scores: all }));
    }
    const questionMap = shownQuestions(state);
    const payload = buildCreatePayload(
      input({
        transactionRef: 'R-1',
        transaction: transaction(),
        tableNumber: 0,
        questionMap,
        feedbackAlert: feedbackAlertOf(demo.questions, questionMap, state.answers),
        managerFeedbackIndicatorRulePassed: managerFeedbackPassed(demo.definition, all),
        answers: buildAnswers({
          survey: demo.definition,
          questionMap,
          answers: state.answers,
          indicatorScores: all,
        }),
      }),
    );
    expect(createPayloadSchema.parse(payload)).toEqual(payload);
    expect(payload.answers.questions.length).toBe(questionMap.length);
    expect(payload.feedbackAlert).toBe(true); // 101 "What let the food down?" raises a complaint
    expect(payload.answers.npsScore).toBe(3);
  });

  it.each([
    ['a malformed guid', { guid: 'not-a-uuid' }],
    ['a visit date-time in another layout', { visitDateTime: '14/06/2025 19:30' }],
    ['a table number over 12 characters', { tableNumber: '1234567890123' }],
  ])('throws on %s instead of queueing it', (_name, fields) => {
    expect(() => buildCreatePayload(input(fields))).toThrow(ZodError);
  });
});

describe('D3.9 managerFeedbackIndicatorRulePassed', () => {
  const gate = { indicatorId: 1, scoreRequired: 2, lowerBound: false, strict: false };
  it.each([
    [true, { 1: 2 }, true],
    [true, { 1: 3 }, false],
    [false, { 1: 1 }, false],
    [true, {}, false],
  ])('enabled %s, scores %j → %s', (enabled, given, expected) => {
    expect(
      managerFeedbackPassed(surveyWith({ managerFeedback: { enabled, indicatorRule: gate } }), given),
    ).toBe(expected);
  });
});

describe('D3.10 feedbackAlert', () => {
  const questions = [q(1, { triggerComplaint: true }), q(2)];
  it.each([
    ['a complaint question answered', [1, 2], { 1: { choices: [1] } }, true],
    ['a complaint question skipped', [1, 2], { 2: { text: 'x' } }, false],
    ['a complaint question marked not applicable', [1], { 1: { notApplicable: true } }, false],
    ['a complaint question not shown', [2], { 1: { choices: [1] } }, false],
  ])('%s → %s', (_name, questionMap, given, expected) => {
    expect(feedbackAlertOf(questions, questionMap, given)).toBe(expected);
  });
});
