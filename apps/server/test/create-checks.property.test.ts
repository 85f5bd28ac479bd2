import {
  type CreatePayload,
  createFaults,
  IndicatorKind,
  type Question,
  QuestionFormat,
  QuestionType,
} from '@venue-voice/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SURVEYS, type DemoSurvey } from '../src/db/seed/demo-surveys';
import { databases } from './databases';
import { type Harness, insertDevice, NOW, startHarness } from './harness';
import { create, createPayload } from './submit-fixtures';

type Answer = CreatePayload['answers']['questions'][number]['answer'];

/** An answer the question's widget can send (apps/web question-field.tsx picks the widget the same way). */
function answerOf(question: Question): fc.Arbitrary<Answer> {
  const ids = question.otherQuestionsAnswers.map((option) => option.id);
  const own: fc.Arbitrary<Answer> = (() => {
    if (question.services !== null) {
      const service = question.services[0];
      const rating = service?.subQuestions.find((sub) => sub.kind === 'rating');
      return fc.integer({ min: 1, max: 5 }).map((value) => ({
        extra: { services: [{ id: service?.id ?? '', answers: [{ id: rating?.id ?? '', value }] }] },
      }));
    }
    if (question.questionType === QuestionType.MENU_INSIGHT) {
      const reasons = (question.menuInsight?.reasonSections ?? []).flatMap((s) => s.reasons.map((r) => r.id));
      return fc.record({ rating: fc.constantFrom(1, 2, 3), reasons: fc.subarray(reasons) }).map((dish) => ({
        extra: {
          menuInsight: [{ ref: 'dish-1', aspectRatingId: dish.rating as 1 | 2 | 3, reasons: dish.reasons }],
        },
      }));
    }
    switch (question.otherQuestionsFormat) {
      case QuestionFormat.ONE_CHECKBOX:
        return question.multiSelect
          ? fc.subarray(ids, { minLength: 1 }).map((choices) => ({ choices }))
          : fc.constantFrom(...ids).map((id) => ({ choices: [id] }));
      case QuestionFormat.ONE_DROPDOWN:
      case QuestionFormat.ONE_RADIO:
        return fc.constantFrom(...ids).map((id) => ({ choices: [id] }));
      case QuestionFormat.YES_NO_WHY:
        return fc
          .record({ choice: fc.constantFrom('yes', 'no'), why: fc.string() })
          .map(({ choice, why }) =>
            why.trim() === '' ? { choices: [choice] } : { choices: [choice], text: why },
          );
      default:
        if (question.commentMode === 'positive_negative')
          return fc.tuple(fc.string(), fc.string()).map((boxes) => ({ choices: boxes }));
        if (question.commentMode === 'postcode') return fc.constant({ text: 'SW1A 1AA' });
        if (question.commentMode !== null || question.otherQuestionsFormat !== null)
          return fc.string({ minLength: 1, maxLength: 200 }).map((text) => ({ text }));
        return fc.integer({ min: 1, max: question.numberStars }).map((stars) => ({ choices: [stars] }));
    }
  })();
  return question.allowNotApplicable ? fc.oneof(own, fc.constant({ notApplicable: true })) : own;
}

/** A create a guest could send for the demo survey: some questions shown and answered, some scores. */
function validCreate(demo: DemoSurvey): fc.Arbitrary<CreatePayload> {
  const { indicators } = demo.definition;
  return fc
    .record({
      shown: fc.subarray(demo.questions),
      scores: fc.tuple(
        ...indicators.map((indicator) =>
          indicator.kind === IndicatorKind.NPS
            ? fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined })
            : fc.option(fc.integer({ min: indicator.trueMin, max: indicator.trueMax }), { nil: undefined }),
        ),
      ),
      guid: fc.uuid({ version: 4 }),
    })
    .chain(({ shown, scores, guid }) =>
      fc
        .tuple(...shown.map((question) => answerOf(question).map((answer) => ({ id: question.id, answer }))))
        .map((answered): CreatePayload => {
          const given = indicators.flatMap((indicator, i) =>
            scores[i] === undefined ? [] : [{ id: indicator.id, score: scores[i] as number }],
          );
          // createPayload's CSAT and NPS are the server's arithmetic for these scores (D3.15).
          return createPayload({
            guid,
            recommendationPermitted: false,
            userAgent: 'property',
            urlParams: { slug: demo.slug },
            questionMap: shown.map((question) => question.id),
            answers: { questions: answered, indicators: given, csatScore: null, npsScore: null },
          });
        }),
    );
}

/** One field made wrong, as a hand-made request would; null when the create has no such field. */
const corruptions: ((p: CreatePayload) => CreatePayload | null)[] = [
  (p) => ({ ...p, questionMap: [...p.questionMap, 987_654] }),
  (p) =>
    p.questionMap.length > 0 ? { ...p, questionMap: [...p.questionMap, p.questionMap[0] as number] } : null,
  (p) => ({
    ...p,
    answers: { ...p.answers, questions: [...p.answers.questions, { id: 987_654, answer: { text: 'x' } }] },
  }),
  (p) =>
    p.answers.indicators.length > 0
      ? {
          ...p,
          answers: { ...p.answers, indicators: p.answers.indicators.map((i) => ({ ...i, score: 1e308 })) },
        }
      : null,
  (p) => ({ ...p, answers: { ...p.answers, csatScore: p.answers.csatScore === 1 ? 2 : 1 } }),
  (p) => ({ ...p, visitDatetime: '2026-13-45 99:99:99' }),
  (p) => ({ ...p, surveyCompleted: '9999-12-31 23:59:59' }),
  (p) => ({ ...p, urlParams: { ...p.urlParams, tracking: 'x' } }),
  (p) => ({ ...p, urlParams: { ...p.urlParams, guestRef: 'x'.repeat(900_000) } }),
];

describe('D3.12–D3.17 creates of the demo surveys (issue 27 item 1)', () => {
  it.each(DEMO_SURVEYS.map((demo) => [demo.slug, demo] as const))(
    'D3.12–D3.17 %s: every valid create passes, every one-field corruption is refused',
    (_slug, demo) => {
      fc.assert(
        fc.property(validCreate(demo), fc.constantFrom(...corruptions), (payload, corrupt) => {
          expect(createFaults(demo.definition, demo.questions, payload, NOW)).toEqual([]);
          const bad = corrupt(payload);
          if (bad) expect(createFaults(demo.definition, demo.questions, bad, NOW)).not.toEqual([]);
        }),
        { numRuns: 300 },
      );
    },
  );
});

describe.each(databases())(
  'D3.12 valid demo creates through the API are stored unchanged on $name',
  (target) => {
    let h: Harness;
    let device: Record<string, string>;
    beforeAll(async () => {
      h = await startHarness(target);
      device = await insertDevice(h.database, { branchId: 1 });
    });
    afterAll(async () => {
      await h?.close();
    });

    it('D3.12–D3.17 20 generated creates per demo survey: 200, and the stored payload is what was sent', async () => {
      for (const demo of DEMO_SURVEYS) {
        for (const payload of fc.sample(validCreate(demo), { numRuns: 20, seed: demo.id })) {
          const r = await create(h.app, payload, { ...device, 'x-template-id': String(demo.id) });
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          const row = await h.database.db.query.responses.findFirst({
            where: (responses, { eq }) => eq(responses.id, r.body.data.id),
          });
          expect(row?.payload).toEqual(payload);
        }
      }
    });
  },
);
