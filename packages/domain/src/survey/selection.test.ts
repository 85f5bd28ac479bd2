import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QuestionType } from '../enums';
import { seededRandom } from '../random';
import type { Question } from '../schemas/question';
import type { IndicatorRule, Survey } from '../schemas/survey';
import { completeScreen, currentScreen, startSurvey } from './build';
import { surveyContext } from './context';
import { questionKind, requiresTransaction } from './eligibility';
import { ctx, followUpsStayWithAnchors, q, surveyWith } from './fixtures';
import { syntheticSurvey, triggeringAnswer } from './synthetic';
import type { RunState } from './types';

const noRule = { indicatorId: null, scoreRequired: null, lowerBound: true, strict: false };
const limit = (maximum: number, indicatorRule: IndicatorRule = noRule) => ({ maximum, indicatorRule });
const roomy = limit(100);
const maxima = (fields: Partial<Survey['maxima']>): Survey['maxima'] => ({
  other: roomy,
  contextSensitive: roomy,
  productRelated: roomy,
  drilldown: { ...roomy, maximumPerIndicator: 100 },
  menuInsight: roomy,
  ...fields,
});
const visible = (survey: Survey, questions: Question[], scores: Record<number, number> = {}) =>
  startSurvey({ survey, questions }, ctx({ scores })).visible;
const others = (n: number) => Array.from({ length: n }, (_, i) => q(i + 1, { weight: 100 - i }));

describe('G4.19 maximumQuestionCount', () => {
  it.each([
    [1, [1]],
    [3, [1, 2, 3]],
    [10, [1, 2, 3, 4, 5]],
  ])('at most %i questions, the heaviest first', (max, expected) => {
    expect(visible(surveyWith({ maximumQuestionCount: max }), others(5))).toEqual(expected);
  });
});

describe('G4.21 per-kind maxima', () => {
  const mixed = [
    q(1, { questionType: QuestionType.OTHER, weight: 90 }),
    q(2, { questionType: QuestionType.CONTEXT, weight: 80 }),
    q(3, { questionType: QuestionType.OTHER, weight: 70 }),
    q(4, { questionType: QuestionType.PRODUCT, weight: 60 }),
    q(5, { questionType: QuestionType.MENU_INSIGHT, weight: 50 }),
    q(6, { questionType: QuestionType.MENU, weight: 40 }),
    q(7, { questionType: QuestionType.CONTEXT, weight: 30 }),
  ];
  it.each([
    ['other 1', { other: limit(1) }, [1, 2, 4, 5, 6, 7]],
    ['other 0 means none', { other: limit(0) }, [2, 4, 5, 6, 7]],
    ['contextSensitive 1', { contextSensitive: limit(1) }, [1, 2, 3, 4, 5, 6]],
    ['productRelated 1 (product and menu share it)', { productRelated: limit(1) }, [1, 2, 3, 4, 5, 7]],
    ['menuInsight 0', { menuInsight: limit(0) }, [1, 2, 3, 4, 6, 7]],
  ])('%s', (_name, fields, expected) => {
    expect(visible(surveyWith({ maxima: maxima(fields) }), mixed)).toEqual(expected);
  });
});

describe('G4.22 drill-downs per indicator', () => {
  const drill = (id: number, indicatorId: number | null, weight: number) =>
    q(id, { questionType: QuestionType.DRILLDOWN, indicatorId, triggerStars: [1, 2, 3, 4, 5], weight });
  const onNps = q(5, {
    questionType: QuestionType.DRILLDOWN,
    indicatorId: 2,
    nps: { score: 6, direction: 'l' },
    weight: 50,
  });
  const drills = [drill(1, 1, 90), drill(2, 1, 80), drill(3, 1, 70), drill(4, null, 60), onNps];
  const scores = { 1: 1, 2: 3 };
  it.each([
    ['1 per indicator', 100, 1, [1, 4, 5]],
    ['2 per indicator', 100, 2, [1, 2, 4, 5]],
    ['the drill-down maximum still applies', 2, 100, [1, 2]],
    ['0 per indicator leaves drill-downs without one', 100, 0, [4]],
  ])('%s', (_name, maximum, perIndicator, expected) => {
    const survey = surveyWith({
      maxima: maxima({ drilldown: { ...limit(maximum), maximumPerIndicator: perIndicator } }),
    });
    expect(visible(survey, drills, scores)).toEqual(expected);
  });
});

describe('G4.23 a kind’s indicator rule', () => {
  const gated = maxima({
    other: limit(10, { indicatorId: 1, scoreRequired: 4, lowerBound: true, strict: false }),
  });
  const questions = [q(1), q(2, { questionType: QuestionType.CONTEXT })];
  it.each([
    ['passes: the kind is asked', { 1: 4 }, [1, 2]],
    ['fails: none of the kind', { 1: 3 }, [2]],
    ['indicator not answered yet: gate closed', {}, [2]],
  ])('%s', (_name, scores, expected) => {
    expect(visible(surveyWith({ maxima: gated }), questions, scores)).toEqual(expected);
  });
});

describe('G4.24 counting in plan order', () => {
  it('earlier sections and heavier questions win the places; completed questions count first', () => {
    const survey = surveyWith({
      maximumQuestionCount: 2,
      sections: [
        { id: 'first', name: 'first', weight: 90 },
        { id: 'main', name: 'main', weight: 10 },
      ],
    });
    const questions = [q(1, { weight: 10, sectionId: 'first' }), q(2, { weight: 99 }), q(3, { weight: 50 })];
    let state = startSurvey({ survey, questions }, ctx());
    expect(state.visible).toEqual([1, 2]);
    state = completeScreen(state, { 1: { text: 'x' } }, ctx());
    expect(state.visible).toEqual([1, 2]);
  });
});

/** Every state of a run that answers every question with a triggering answer. */
function runAll(seed: number, withTransaction: boolean): RunState[] {
  const s = syntheticSurvey(seed, {
    questions: 40,
    followUps: 10,
    contextFilters: 8,
    sections: 5,
    tightMaxima: true,
  });
  const context = surveyContext({
    transaction: withTransaction ? s.transaction : null,
    visitDateTime: s.visitDateTime,
    indicatorScores: s.indicatorScores,
    random: seededRandom(seed),
  });
  const states = [startSurvey(s, { ...context, indicatorScores: {} })];
  for (let guard = 0; guard < 200; guard++) {
    const last = states[states.length - 1] as RunState;
    const screen = currentScreen(last);
    if (screen === null) break;
    const answers = Object.fromEntries(screen.questionIds.map((id) => [id, triggeringAnswer()]));
    states.push(completeScreen(last, answers, context));
  }
  return states;
}

function withinMaxima(state: RunState): boolean {
  const byId = new Map(state.questions.map((x) => [x.id, x]));
  const shown = state.visible.map((id) => byId.get(id) as Question);
  const { maxima: m, maximumQuestionCount } = state.survey;
  if (shown.length > maximumQuestionCount) return false;
  for (const kind of Object.keys(m) as (keyof Survey['maxima'])[]) {
    if (shown.filter((x) => questionKind(x.questionType) === kind).length > m[kind].maximum) return false;
  }
  const perIndicator = new Map<number, number>();
  for (const x of shown) {
    if (questionKind(x.questionType) !== 'drilldown' || x.indicatorId === null) continue;
    perIndicator.set(x.indicatorId, (perIndicator.get(x.indicatorId) ?? 0) + 1);
  }
  return [...perIndicator.values()].every((n) => n <= m.drilldown.maximumPerIndicator);
}

describe('G4.30 laws of the filtered plan', () => {
  it('G4.30 never more questions than the maxima allow, at any step of a run', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => runAll(seed, true).every(withinMaxima)),
      { numRuns: 60 },
    );
  });

  it('G4.30 removing the transaction never adds a transaction-requiring question', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const withTx = runAll(seed, true)[0] as RunState;
        const without = runAll(seed, false);
        const byId = new Map(withTx.questions.map((x) => [x.id, x]));
        const needsTx = (id: number) => requiresTransaction(byId.get(id) as Question);
        const allowed = new Set(withTx.visible.filter(needsTx));
        return without.every((state) => {
          const shown = state.visible.filter(needsTx);
          // The law, and the stronger fact behind it: without a transaction none is shown at all.
          return shown.every((id) => allowed.has(id)) && shown.length === 0;
        });
      }),
      { numRuns: 60 },
    );
  });

  it('G4.13 follow-ups stay with their anchors through whole runs, in the plan and on screen', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) =>
        runAll(seed, true).every((state) => {
          const shown = new Set(state.visible);
          const anchored = state.built
            .flatMap((s) => s.entries)
            .filter((e) => e.anchorId !== null && shown.has(e.questionId));
          return (
            followUpsStayWithAnchors(state.built) && anchored.every((e) => shown.has(e.anchorId as number))
          );
        }),
      ),
      { numRuns: 60 },
    );
  });

  it('a full run ends, having shown every screen once', () => {
    const states = runAll(42, true);
    expect(currentScreen(states[states.length - 1] as RunState)).toBeNull();
    expect(states.length).toBeGreaterThan(5);
  });
});
