import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { URL_PARAM_MAX } from '../checkin/url-params';
import { AspectRating, IndicatorKind, QuestionFormat, QuestionType } from '../enums';
import type { Question } from '../schemas/question';
import type { CreatePayload } from '../schemas/submit';
import { indicator, question } from '../suggestion/fixtures';
import { CREATE_FAULTS_MAX, createFaults, VISIT_MAX_AGE_DAYS } from './create-checks';
import { csatScore, npsScore } from './scoring';

const NOW = new Date('2026-11-27T12:00:00Z');

/** One question of every widget the guest's screens have (question-field.tsx). */
const questions: Question[] = [
  question(1, {}), // a rating, 5 stars by default
  question(2, {
    otherQuestionsFormat: QuestionFormat.ONE_RADIO,
    otherQuestionsAnswers: [
      { id: 21, text: 'Friends' },
      { id: 22, text: 'Online' },
    ],
  }),
  question(3, {
    otherQuestionsFormat: QuestionFormat.ONE_CHECKBOX,
    multiSelect: true,
    otherQuestionsAnswers: [
      { id: 31, text: 'Bar' },
      { id: 32, text: 'Garden' },
      { id: 33, text: 'Terrace' },
    ],
  }),
  question(4, { otherQuestionsFormat: QuestionFormat.YES_NO_WHY, allowNotApplicable: true }),
  question(5, { otherQuestionsFormat: QuestionFormat.TEXT_MULTIPLE, commentMode: 'positive_negative' }),
  question(6, { otherQuestionsFormat: QuestionFormat.TEXT_SINGLE, commentMode: 'comment' }),
  question(7, {
    questionType: QuestionType.MENU_INSIGHT,
    menuInsight: {
      menuType: 1,
      mode: 1,
      menuFamilyGroupRef: null,
      menuMajorGroupRef: null,
      followUpQuestion: false,
      subQuestions: [],
      reasonSections: [
        {
          aspectRatingId: AspectRating.BAD,
          title: 'Wrong',
          showIf: null,
          reasons: [{ id: 71, text: 'Cold' }],
        },
      ],
    },
  }),
  question(8, {
    services: [
      {
        id: 'bar',
        name: 'Bar',
        subQuestions: [
          { id: 'speed', label: 'Speed', kind: 'rating' },
          { id: 'note', label: 'Note', kind: 'text' },
          { id: 'what', label: 'What', kind: 'choices', choices: [{ id: 81, text: 'Beer' }] },
        ],
      },
    ],
  }),
];
const survey = {
  indicators: [indicator(1, 'Food'), indicator(2, 'Service'), indicator(5, 'NPS', IndicatorKind.NPS)],
};

/** The answers a guest's screen can send for each question (what the web's widgets build). */
const validAnswers: Record<number, fc.Arbitrary<CreatePayload['answers']['questions'][number]['answer']>> = {
  1: fc.integer({ min: 1, max: 5 }).map((n) => ({ choices: [n] })),
  2: fc.constantFrom(21, 22).map((id) => ({ choices: [id] })),
  3: fc.subarray([31, 32, 33], { minLength: 1 }).map((ids) => ({ choices: ids })),
  4: fc.oneof(
    fc.constantFrom('yes', 'no').map((c) => ({ choices: [c] })),
    fc.constant({ notApplicable: true }),
  ),
  5: fc.tuple(fc.string(), fc.string()).map(([good, bad]) => ({ choices: [good, bad] })),
  6: fc.string({ minLength: 1 }).map((text) => ({ text })),
  7: fc.constantFrom(AspectRating.GOOD, AspectRating.BAD).map((rating) => ({
    extra: {
      menuInsight: [
        { ref: 'soup', aspectRatingId: rating, reasons: rating === AspectRating.BAD ? [71] : [] },
      ],
    },
  })),
  8: fc.integer({ min: 1, max: 5 }).map((n) => ({
    extra: {
      services: [
        {
          id: 'bar',
          answers: [
            { id: 'speed', value: n },
            { id: 'what', value: [81] },
          ],
        },
      ],
    },
  })),
};

const validCreate = fc
  .record({
    shown: fc.subarray(
      questions.map((q) => q.id),
      { minLength: 1 },
    ),
    food: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
    service: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
    nps: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
    daysAgo: fc.integer({ min: 0, max: VISIT_MAX_AGE_DAYS - 1 }),
    seed: fc.integer(),
  })
  .chain(({ shown, food, service, nps, daysAgo }) =>
    fc
      .tuple(
        ...shown.map((id) => (validAnswers[id] as fc.Arbitrary<object>).map((answer) => ({ id, answer }))),
      )
      .map((answered): CreatePayload => {
        const indicators = [
          ...(food === undefined ? [] : [{ id: 1, score: food }]),
          ...(service === undefined ? [] : [{ id: 2, score: service }]),
          ...(nps === undefined ? [] : [{ id: 5, score: nps }]),
        ];
        const scores = Object.fromEntries(indicators.map((i) => [i.id, i.score]));
        const day = new Date(NOW.getTime() - (daysAgo * 86_400_000 + 3_600_000)).toISOString();
        const local = `${day.slice(0, 10)} ${day.slice(11, 19)}`;
        return {
          guid: '00000000-0000-4000-8000-000000000001',
          visitDatetime: local,
          surveyStart: local,
          surveyCompleted: local,
          pinCode: '',
          feedbackAlert: false,
          managerFeedbackIndicatorRulePassed: false,
          recommendationPermitted: false,
          userAgent: 'test',
          staffId: null,
          urlParams: { slug: 'demo-bistro', urlSrc: 'qr' },
          questionMap: shown,
          answers: {
            questions: answered as CreatePayload['answers']['questions'],
            indicators,
            csatScore: csatScore(survey.indicators, scores),
            npsScore: npsScore(survey.indicators, scores),
          },
        };
      }),
  );

/** One field of a valid create made wrong, the way a hand-made request would. */
const corruptions: [string, (p: CreatePayload) => CreatePayload | null][] = [
  ['an unknown question in questionMap', (p) => ({ ...p, questionMap: [...p.questionMap, 999] })],
  [
    'a question twice in questionMap',
    (p) => ({ ...p, questionMap: [...p.questionMap, p.questionMap[0] ?? 1] }),
  ],
  [
    'an answer to a question not shown',
    (p) => {
      const hidden = questions.find((q) => !p.questionMap.includes(q.id));
      return hidden
        ? withQuestions(p, [...p.answers.questions, { id: hidden.id, answer: { text: 'x' } }])
        : null;
    },
  ],
  [
    'an answer given twice',
    (p) => withQuestions(p, [...p.answers.questions, ...p.answers.questions.slice(0, 1)]),
  ],
  ['a choice the question does not have', (p) => withAnswer(p, 2, { choices: [29] })],
  ['two choices on a single-choice question', (p) => withAnswer(p, 2, { choices: [21, 22] })],
  ['a yes/no answer that is neither', (p) => withAnswer(p, 4, { choices: ['maybe'] })],
  ['a rating above its stars', (p) => withAnswer(p, 1, { choices: [6] })],
  ['a rating of 1e308', (p) => withAnswer(p, 1, { choices: [1e308] })],
  ['choices on a comment', (p) => withAnswer(p, 6, { choices: [1] })],
  ['not applicable where the venue does not allow it', (p) => withAnswer(p, 2, { notApplicable: true })],
  [
    'a dish reason the question does not offer',
    (p) => withAnswer(p, 7, { extra: { menuInsight: [{ ref: 'soup', aspectRatingId: 1, reasons: [99] }] } }),
  ],
  [
    'an unknown service',
    (p) => withAnswer(p, 8, { extra: { services: [{ id: 'spa', answers: [{ id: 'speed', value: 3 }] }] } }),
  ],
  [
    'a service rating of 9',
    (p) => withAnswer(p, 8, { extra: { services: [{ id: 'bar', answers: [{ id: 'speed', value: 9 }] }] } }),
  ],
  ['an unknown indicator', (p) => withIndicators(p, [...p.answers.indicators, { id: 77, score: 3 }])],
  ['an indicator score of 1e308', (p) => withIndicators(p, [{ id: 1, score: 1e308 }])],
  ['an NPS of 11', (p) => withIndicators(p, [{ id: 5, score: 11 }])],
  [
    'an indicator given twice',
    (p) =>
      withIndicators(p, [
        { id: 1, score: 3 },
        { id: 1, score: 3 },
      ]),
  ],
  [
    'a CSAT the scores do not give',
    (p) => ({ ...p, answers: { ...p.answers, csatScore: p.answers.csatScore === 100 ? 0 : 100 } }),
  ],
  [
    'an NPS the scores do not give',
    (p) => ({ ...p, answers: { ...p.answers, npsScore: p.answers.npsScore === 10 ? 0 : 10 } }),
  ],
  ['a visit on the 45th of the 13th month', (p) => ({ ...p, visitDatetime: '2026-13-45 99:99:99' })],
  ['a visit in year 0', (p) => ({ ...p, visitDatetime: '0000-01-01 12:00:00' })],
  ['a visit in 9999', (p) => ({ ...p, visitDatetime: '9999-12-31 12:00:00' })],
  ['a visit too long ago', (p) => ({ ...p, visitDatetime: '2024-01-01 12:00:00' })],
  ['a visit tomorrow', (p) => ({ ...p, visitDatetime: '2026-11-29 12:00:00' })],
  ['a survey finished a month ahead', (p) => ({ ...p, surveyCompleted: '2026-12-27 12:00:00' })],
  ['a URL parameter the spec does not keep', (p) => ({ ...p, urlParams: { ...p.urlParams, utm: 'x' } })],
  ['a 900 kB URL parameter', (p) => ({ ...p, urlParams: { ...p.urlParams, guestRef: 'x'.repeat(900_000) } })],
];

function withQuestions(p: CreatePayload, list: CreatePayload['answers']['questions']): CreatePayload {
  return { ...p, answers: { ...p.answers, questions: list } };
}
/** The create with question `id` shown and answered with `answer` (replacing its own answer). */
function withAnswer(p: CreatePayload, id: number, answer: object): CreatePayload {
  const questionMap = p.questionMap.includes(id) ? p.questionMap : [...p.questionMap, id];
  const list = [...p.answers.questions.filter((a) => a.id !== id), { id, answer }];
  return withQuestions({ ...p, questionMap }, list as CreatePayload['answers']['questions']);
}
function withIndicators(p: CreatePayload, indicators: CreatePayload['answers']['indicators']): CreatePayload {
  const scores = Object.fromEntries(indicators.map((i) => [i.id, i.score]));
  // The client's CSAT and NPS follow the scores: only the scores are wrong.
  const csat = csatScore(survey.indicators, scores);
  const nps = npsScore(survey.indicators, scores);
  return { ...p, answers: { ...p.answers, indicators, csatScore: csat, npsScore: nps } };
}

describe('D3.12–D3.17 a create is checked against its survey (issue 27 item 1)', () => {
  it('D3.12–D3.17 every create the guest screens can build passes, every one-field corruption is refused', () => {
    fc.assert(
      fc.property(validCreate, fc.constantFrom(...corruptions), (payload, [, corrupt]) => {
        expect(createFaults(survey, questions, payload, NOW)).toEqual([]);
        const bad = corrupt(payload);
        if (bad) expect(createFaults(survey, questions, bad, NOW).length).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  });

  it.each(corruptions)('D3.12–D3.17 names the field: %s', (_name, corrupt) => {
    const base = fc.sample(validCreate, { numRuns: 1, seed: 7 })[0] as CreatePayload;
    // A corruption that needs a question left unshown gets a create showing only question 1.
    const bad = corrupt(base) ?? corrupt(withQuestions({ ...base, questionMap: [1] }, []));
    const faults = createFaults(survey, questions, bad as CreatePayload, NOW);
    expect(faults.length).toBeGreaterThan(0);
    for (const fault of faults)
      expect(fault).toMatchObject({ field: expect.stringMatching(/^payload\./), in: 'body' });
  });

  it('D3.13 the exact faults of a hand-made answer list', () => {
    const base = fc.sample(validCreate, { numRuns: 1, seed: 3 })[0] as CreatePayload;
    const payload = withQuestions({ ...base, questionMap: [1, 2] }, [
      { id: 1, answer: { choices: [0] } },
      { id: 2, answer: { choices: [21, 21] } },
      { id: 2, answer: { choices: [21] } },
    ]);
    expect(
      createFaults(
        survey,
        questions,
        { ...payload, answers: { ...payload.answers, csatScore: base.answers.csatScore } },
        NOW,
      ).slice(0, 3),
    ).toEqual([
      {
        field: 'payload.answers.questions.0.answer.choices.0',
        in: 'body',
        message: 'form.minValue',
        params: { n: 1 },
      },
      { field: 'payload.answers.questions.1.answer.choices', in: 'body', message: 'form.unique' },
      { field: 'payload.answers.questions.2.id', in: 'body', message: 'form.unique' },
    ]);
  });

  it('D3.12 a payload of 100,000 bad entries gets at most CREATE_FAULTS_MAX faults', () => {
    const base = fc.sample(validCreate, { numRuns: 1, seed: 1 })[0] as CreatePayload;
    const urlParams = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, 'v']));
    expect(createFaults(survey, questions, { ...base, urlParams }, NOW)).toHaveLength(CREATE_FAULTS_MAX);
  });

  it('D3.16 D3.17 the edges: a visit 14 h ahead of UTC passes, a parameter of URL_PARAM_MAX characters too', () => {
    const base = fc.sample(validCreate, { numRuns: 1, seed: 5 })[0] as CreatePayload;
    // A phone whose clock runs a day fast still sends its survey (start and end are its clock's).
    const fast = { ...base, surveyStart: '2026-11-28 13:00:00', surveyCompleted: '2026-11-28 13:05:00' };
    expect(createFaults(survey, questions, fast, NOW)).toEqual([]);
    const ahead = { ...base, visitDatetime: '2026-11-28 01:59:00', surveyStart: '2026-11-28 01:59:00' };
    expect(createFaults(survey, questions, ahead, NOW)).toEqual([]);
    const long = { ...base, urlParams: { guestRef: 'x'.repeat(URL_PARAM_MAX) } };
    expect(createFaults(survey, questions, long, NOW)).toEqual([]);
    expect(
      createFaults(
        survey,
        questions,
        { ...long, urlParams: { guestRef: 'x'.repeat(URL_PARAM_MAX + 1) } },
        NOW,
      ),
    ).toEqual([
      {
        field: 'payload.urlParams.guestRef',
        in: 'body',
        message: 'form.maxChars',
        params: { count: URL_PARAM_MAX },
      },
    ]);
  });
});
