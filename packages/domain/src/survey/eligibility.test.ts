import { describe, expect, it } from 'vitest';
import { AskQuestionWhen, QuestionType } from '../enums';
import type { Question } from '../schemas/question';
import {
  askedForTransaction,
  contextFilterPasses,
  contextFiltersPass,
  isKnownQuestionType,
  isQuestionEligible,
  questionKind,
  requiresTransaction,
  TRANSACTION_TYPES,
  withinDateRange,
} from './eligibility';
import { ctx, q, surveyWith, transaction } from './fixtures';

const { indicators } = surveyWith();
// Saturday 14 June 2025, 19:30; 2 covers, 60 spent, 30 a head.
const withTx = ctx();
const noTx = ctx({ transaction: null });

describe('G4.15 known question type', () => {
  it.each([[1], [2], [3], [4], [5], [6], [7], [8]])('type %i is known', (type) => {
    expect(isKnownQuestionType(type)).toBe(true);
  });
  it.each([[0], [9], [-1], [1.5]])('type %d is not, and is never eligible', (type) => {
    expect(isKnownQuestionType(type)).toBe(false);
    const question = { ...q(1), questionType: type } as unknown as Question;
    expect(isQuestionEligible(question, indicators, withTx)).toBe(false);
  });
});

describe('G4.16 transaction-requiring types', () => {
  it('are product 3, menu 5 and product scorecard 7', () => {
    expect([...TRANSACTION_TYPES].sort()).toEqual([3, 5, 7]);
  });
  it.each(
    Object.entries(QuestionType).filter(
      ([, t]) => t !== QuestionType.DRILLDOWN && t !== QuestionType.DRILLDOWN_PLUS,
    ),
  )('%s without a transaction', (_name, type) => {
    const question = q(1, { questionType: type });
    expect(isQuestionEligible(question, indicators, withTx)).toBe(true);
    expect(isQuestionEligible(question, indicators, noTx)).toBe(!TRANSACTION_TYPES.includes(type));
  });
  it('menu insight needs no transaction', () => {
    expect(requiresTransaction(q(1, { questionType: QuestionType.MENU_INSIGHT }))).toBe(false);
  });
});

describe('G4.17 visit date within dateRangeFrom..dateRangeTo by day', () => {
  it.each([
    [null, null, true],
    ['2025-06-14', null, true],
    ['2025-06-15', null, false],
    [null, '2025-06-14', true],
    [null, '2025-06-13', false],
    ['2025-06-14', '2025-06-14', true],
    ['2025-06-01', '2025-06-30', true],
    ['2025-07-01', '2025-07-31', false],
  ])('from %s to %s → %s (visit 2025-06-14 19:30)', (from, to, expected) => {
    const question = q(1, { dateRangeFrom: from, dateRangeTo: to });
    expect(withinDateRange(question, '2025-06-14 19:30:00')).toBe(expected);
    expect(isQuestionEligible(question, indicators, withTx)).toBe(expected);
  });
  it('late in the evening of the last day still counts (by day, not by instant)', () => {
    expect(withinDateRange(q(1, { dateRangeTo: '2025-06-14' }), '2025-06-14 23:59:59')).toBe(true);
  });
});

describe('G4.18 txAskQuestion', () => {
  it.each([
    [AskQuestionWhen.ALWAYS, true, true],
    [AskQuestionWhen.ALWAYS, false, true],
    [AskQuestionWhen.WHEN_TRANSACTION, true, true],
    [AskQuestionWhen.WHEN_TRANSACTION, false, false],
    [AskQuestionWhen.WHEN_NO_TRANSACTION, true, false],
    [AskQuestionWhen.WHEN_NO_TRANSACTION, false, true],
  ])('when %i, with transaction %s → %s', (when, hasTx, expected) => {
    const question = q(1, { txAskQuestion: when });
    expect(askedForTransaction(question, hasTx)).toBe(expected);
    expect(isQuestionEligible(question, indicators, hasTx ? withTx : noTx)).toBe(expected);
  });
  it('a question asked only with a transaction counts as transaction-requiring', () => {
    expect(requiresTransaction(q(1, { txAskQuestion: AskQuestionWhen.WHEN_TRANSACTION }))).toBe(true);
  });
});

describe('G4.20 question kinds for the maxima', () => {
  it.each([
    [QuestionType.DRILLDOWN, 'drilldown'],
    [QuestionType.CONTEXT, 'contextSensitive'],
    [QuestionType.PRODUCT, 'productRelated'],
    [QuestionType.OTHER, 'other'],
    [QuestionType.MENU, 'productRelated'],
    [QuestionType.DRILLDOWN_PLUS, 'drilldown'],
    [QuestionType.PRODUCT_SCORECARD, 'productRelated'],
    [QuestionType.MENU_INSIGHT, 'menuInsight'],
    [42, null],
  ])('type %i → %s', (type, kind) => {
    expect(questionKind(type)).toBe(kind);
  });
});

describe('G4.25 context filters on the check', () => {
  const filter = (type: string, direction: string, value: number) => ({ type, direction, value });
  it.each([
    ['numberInParty', 'g', 2, true],
    ['numberInParty', 'g', 3, false],
    ['numberInParty', 'l', 2, true],
    ['numberInParty', 'l', 1, false],
    ['totalSpent', 'g', 60, true],
    ['totalSpent', 'g', 60.01, false],
    ['averageSpentPerHead', 'l', 30, true],
    ['averageSpentPerHead', 'l', 29, false],
  ])('%s %s %d → %s (2 covers, 60 spent)', (type, direction, value, expected) => {
    expect(contextFilterPasses(filter(type, direction, value), withTx)).toBe(expected);
  });
  it.each(['numberInParty', 'totalSpent', 'averageSpentPerHead'])(
    '%s fails without a transaction',
    (type) => {
      expect(contextFilterPasses(filter(type, 'l', 1000), noTx)).toBe(false);
    },
  );
  it('a large party from the check', () => {
    expect(contextFilterPasses(filter('numberInParty', 'g', 4), ctx({ transaction: transaction(6) }))).toBe(
      true,
    );
  });
});

describe('G4.26 time-of-day filter (hours, 19:30 is 19.5)', () => {
  it.each([
    ['g', 19.5, true],
    ['g', 20, false],
    ['l', 19.5, true],
    ['l', 17, false],
  ])('%s %d at 19:30 → %s', (direction, value, expected) => {
    expect(contextFilterPasses({ type: 'timeOfDay', direction, value }, withTx)).toBe(expected);
  });
});

describe('G4.27 day-of-week filter (Monday 1)', () => {
  it.each([
    ['2025-06-14 12:00:00', 'g', 6, true], // Saturday 6
    ['2025-06-15 12:00:00', 'g', 6, true], // Sunday 7
    ['2025-06-13 12:00:00', 'g', 6, false], // Friday 5
    ['2025-06-09 12:00:00', 'l', 1, true], // Monday 1
    ['2025-06-15 12:00:00', 'l', 5, false], // Sunday 7
  ])('%s %s %i → %s', (visitDateTime, direction, value, expected) => {
    expect(contextFilterPasses({ type: 'dayOfWeek', direction, value }, ctx({ visitDateTime }))).toBe(
      expected,
    );
  });
});

describe('G4.28 direction and combination', () => {
  it.each([
    ['g', 2, true],
    ['l', 2, true],
    ['x', 1, false],
    ['', 3, true],
  ])("direction '%s' (anything but g is at or below), value %i → %s", (direction, value, expected) => {
    expect(contextFilterPasses({ type: 'numberInParty', direction, value }, withTx)).toBe(expected);
  });
  it('every filter must pass: g 2 and l 2 means exactly 2', () => {
    const exactlyTwo = q(1, {
      contextFilters: [
        { type: 'numberInParty', direction: 'g', value: 2 },
        { type: 'numberInParty', direction: 'l', value: 2 },
      ],
    });
    expect(contextFiltersPass(exactlyTwo, withTx)).toBe(true);
    expect(contextFiltersPass(exactlyTwo, ctx({ transaction: transaction(3) }))).toBe(false);
  });
});

describe('G4.29 unknown context filters pass', () => {
  it.each(['weather', 'NumberInParty', ''])('type %j passes', (type) => {
    expect(contextFilterPasses({ type, direction: 'g', value: 1e9 }, noTx)).toBe(true);
  });
});
