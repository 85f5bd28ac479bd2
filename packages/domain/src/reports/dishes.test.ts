import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AspectRating, QuestionType } from '../enums';
import { type QuestionInput, questionSchema } from '../schemas/question';
import { periodBuckets } from './dashboard';
import { dishFigures, dishShares, menuReasonLabels, reasonKey, topReasons } from './dishes';

const { BAD, NEUTRAL, GOOD } = AspectRating;

describe('O5.9 a dish’s good, neutral and bad shares', () => {
  it.each([
    [
      { bad: 0, neutral: 0, good: 0 },
      { bad: null, neutral: null, good: null },
    ],
    [
      { bad: 0, neutral: 0, good: 4 },
      { bad: 0, neutral: 0, good: 100 },
    ],
    [
      { bad: 1, neutral: 1, good: 2 },
      { bad: 25, neutral: 25, good: 50 },
    ],
    // 33.33… each: the tenth left over goes to the first of equal remainders.
    [
      { bad: 1, neutral: 1, good: 1 },
      { bad: 33.4, neutral: 33.3, good: 33.3 },
    ],
    // 14.29, 28.57, 57.14: the largest remainder (28.57) is rounded up.
    [
      { bad: 1, neutral: 2, good: 4 },
      { bad: 14.3, neutral: 28.6, good: 57.1 },
    ],
    [
      { bad: 2, neutral: 0, good: 1 },
      { bad: 66.7, neutral: 0, good: 33.3 },
    ],
  ])('%o gives %o', (counts, shares) => {
    expect(dishShares(counts)).toEqual(shares);
  });

  it('always make 100.0, each within a tenth of the exact share', () => {
    const count = fc.integer({ min: 0, max: 100_000 });
    fc.assert(
      fc.property(count, count, count, (bad, neutral, good) => {
        fc.pre(bad + neutral + good > 0);
        const shares = dishShares({ bad, neutral, good });
        const total = bad + neutral + good;
        const values = [shares.bad, shares.neutral, shares.good] as number[];
        expect(Math.round(values.reduce((a, b) => a + b, 0) * 10)).toBe(1000);
        [bad, neutral, good].forEach((n, i) => {
          expect(Math.abs((values[i] as number) - (100 * n) / total)).toBeLessThan(0.1);
          expect(Number.isInteger(Math.round((values[i] as number) * 10))).toBe(true);
        });
      }),
    );
  });
});

describe('O7.1 a dish row’s figures and its low sample (O5.5)', () => {
  it.each([
    [{ bad: 1, neutral: 1, good: 2 }, 4, true],
    [{ bad: 1, neutral: 1, good: 3 }, 5, false],
  ])('%o: %s ratings, low sample %s', (counts, ratings, lowSample) => {
    expect(dishFigures(counts)).toMatchObject({ ratings, lowSample, ...counts });
  });
});

describe('O7.2 the reasons most given', () => {
  it('merges one label of one rating, keeps ratings apart, and takes the top three', () => {
    const reasons = [
      { rating: GOOD, id: 1, label: 'Tasty', count: 4 },
      { rating: BAD, id: 1, label: 'Cold', count: 4 },
      { rating: GOOD, id: 7, label: 'Tasty', count: 2 }, // another survey's id for the same reason
      { rating: NEUTRAL, id: 2, label: 'Bland', count: 4 },
      { rating: BAD, id: 9, label: null, count: 1 },
      { rating: BAD, id: 3, label: 'Small portion', count: 0 },
    ];
    expect(topReasons(reasons)).toEqual([
      { rating: GOOD, id: 1, label: 'Tasty', count: 6 },
      { rating: BAD, id: 1, label: 'Cold', count: 4 },
      { rating: NEUTRAL, id: 2, label: 'Bland', count: 4 },
    ]);
    expect(topReasons(reasons, 10).map((r) => r.label)).toEqual(['Tasty', 'Cold', 'Bland', null]);
  });

  it('never lists more than asked, and never in a rising order', () => {
    const reason = fc.record({
      rating: fc.constantFrom(BAD, NEUTRAL, GOOD),
      id: fc.integer({ min: 1, max: 5 }),
      label: fc.constantFrom('A', 'B', null),
      count: fc.integer({ min: 0, max: 50 }),
    });
    fc.assert(
      fc.property(fc.array(reason), fc.integer({ min: 0, max: 6 }), (reasons, top) => {
        const listed = topReasons(reasons, top);
        expect(listed.length).toBeLessThanOrEqual(top);
        for (let i = 1; i < listed.length; i++)
          expect(listed[i]?.count).toBeLessThanOrEqual(listed[i - 1]?.count as number);
      }),
    );
  });
});

describe('O7.3 reason labels are a rating’s own', () => {
  const question = (input: Partial<QuestionInput>) =>
    questionSchema.parse({
      id: 1,
      templateId: 1,
      sectionId: 's',
      questionType: QuestionType.MENU_INSIGHT,
      text: 'q',
      ...input,
    });
  const menuInsight = {
    menuType: 1,
    mode: 1,
    menuFamilyGroupRef: null,
    menuMajorGroupRef: null,
    followUpQuestion: true,
    subQuestions: [],
    reasonSections: [
      { aspectRatingId: GOOD, title: 'Liked', showIf: null, reasons: [{ id: 1, text: 'Tasty' }] },
      { aspectRatingId: BAD, title: 'Wrong', showIf: null, reasons: [{ id: 1, text: 'Cold' }] },
      {
        aspectRatingId: BAD,
        title: 'Also',
        showIf: null,
        reasons: [
          { id: 1, text: 'Shadowed' },
          { id: 2, text: 'Bland' },
        ],
      },
    ],
  };

  it('labels one id by each rating, first section first, then the aspect ratings', () => {
    const labels = menuReasonLabels([
      question({ questionType: QuestionType.OTHER, aspectRatings: [] }),
      question({
        menuInsight,
        aspectRatings: [
          {
            aspectRatingId: NEUTRAL,
            oppositeId: null,
            reasonMode: 0,
            title: 'n',
            reasons: [{ id: 1, text: 'Fine' }],
          },
        ],
      }),
    ]);
    expect(labels.get(reasonKey(GOOD, 1))).toBe('Tasty');
    expect(labels.get(reasonKey(BAD, 1))).toBe('Cold');
    expect(labels.get(reasonKey(BAD, 2))).toBe('Bland');
    expect(labels.get(reasonKey(NEUTRAL, 1))).toBe('Fine');
    expect(labels.size).toBe(4);
  });
});

describe('O7.4 trend buckets cover the period', () => {
  it.each([
    [{ from: '2026-03-01', to: '2026-03-03' }, 'day', ['2026-03-01', '2026-03-02', '2026-03-03']],
    [{ from: '2026-03-04', to: '2026-03-17' }, 'week', ['2026-03-02', '2026-03-09', '2026-03-16']],
    [{ from: '2026-01-31', to: '2026-03-01' }, 'month', ['2026-01-01', '2026-02-01', '2026-03-01']],
  ] as const)('%o by %s', (period, bucket, starts) => {
    expect(periodBuckets(period, bucket)).toEqual(starts);
  });
});
