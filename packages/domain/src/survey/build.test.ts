import { describe, expect, it } from 'vitest';
import { DEMO_SURVEYS } from '../../../../apps/server/src/db/seed/demo-surveys';
import { QuestionType } from '../enums';
import type { Section } from '../schemas/survey';
import {
  completeScreen,
  currentScreen,
  earlierDependencies,
  isSurveyFinished,
  orderSections,
  shownQuestions,
  startSurvey,
} from './build';
import { ctx, followUpsStayWithAnchors, q, surveyWith } from './fixtures';

const sec = (id: string, weight: number, dependsOn: string[] = []): Section => ({
  id,
  name: id,
  weight,
  dependsOn,
  allowSkip: false,
});
describe('G4.3 sections by weight, highest first', () => {
  it('orders by weight; equal weights keep the configured order', () => {
    const order = orderSections([sec('a', 50), sec('b', 100), sec('c', 50), sec('d', 100), sec('e', -1)]);
    expect(order.map((s) => s.id)).toEqual(['b', 'd', 'a', 'c', 'e']);
  });
  it('a run walks the sections in that order', () => {
    const survey = surveyWith({ sections: [sec('low', 10), sec('high', 90), sec('mid', 50)] });
    let state = startSurvey({ survey, questions: [] }, ctx());
    const seen: string[] = [];
    for (let screen = currentScreen(state); screen; screen = currentScreen(state)) {
      seen.push(screen.sectionId);
      state = completeScreen(state, {}, ctx());
    }
    expect(seen).toEqual(['high', 'mid', 'low']);
    expect(state.sectionOrder).toEqual(['high', 'mid', 'low']);
  });
});

describe('G4.4 dependent sections', () => {
  const order = ['a', 'b', 'c', 'd'];
  it.each([
    ['earlier sections count', sec('c', 0, ['a', 'b']), ['a', 'b']],
    ['a later section is ignored', sec('b', 0, ['a', 'd']), ['a']],
    ['an unknown section is ignored', sec('b', 0, ['zz']), []],
    ['itself is ignored', sec('b', 0, ['b']), []],
  ])('%s', (_name, section, expected) => {
    expect(earlierDependencies(section, order)).toEqual(expected);
  });

  it('is built only once every earlier section it depends on is completed', () => {
    const survey = surveyWith({
      sections: [sec('a', 100), sec('b', 90), sec('dep', 80, ['a', 'b']), sec('z', 10)],
    });
    const questions = [q(1, { sectionId: 'dep' }), q(2, { sectionId: 'z' })];
    let state = startSurvey({ survey, questions }, ctx());
    expect(state.built.map((s) => s.sectionId)).toEqual(['a', 'b', 'z']);
    expect(state.visible).toEqual([2]);
    state = completeScreen(state, {}, ctx());
    expect(state.built.map((s) => s.sectionId)).toEqual(['a', 'b', 'z']);
    state = completeScreen(state, {}, ctx());
    expect(state.built.map((s) => s.sectionId)).toEqual(['a', 'b', 'dep', 'z']);
    expect(currentScreen(state)).toEqual({ sectionId: 'dep', questionIds: [1], followUp: false });
    expect(state.visible).toEqual([1, 2]);
  });

  it('depending on a later section does not hold it back', () => {
    const survey = surveyWith({ sections: [sec('early', 90, ['late']), sec('late', 10)] });
    const state = startSurvey({ survey, questions: [q(1, { sectionId: 'early' })] }, ctx());
    expect(currentScreen(state)).toEqual({ sectionId: 'early', questionIds: [1], followUp: false });
  });
});

describe('G4.5 a section’s own questions', () => {
  it('by weight descending, equal weights in survey order; follow-ups are not built on their own', () => {
    const questions = [
      q(1, { weight: 10 }),
      q(2, { weight: 50, followUpQuestions: [5] }),
      q(3, { weight: 50 }),
      q(4, { weight: 90 }),
      q(5, { weight: 95 }),
      q(6, { sectionId: 'elsewhere' }),
    ];
    const state = startSurvey({ survey: surveyWith(), questions }, ctx());
    expect(state.built).toEqual([
      {
        sectionId: 'main',
        entries: [4, 2, 3, 1].map((questionId) => ({ questionId, anchorId: null, parentId: null })),
      },
    ]);
  });
});

describe('G4.6 the current screen', () => {
  it('a section without questions is still a screen; null once finished', () => {
    const survey = surveyWith({ sections: [sec('ratings', 100), sec('main', 50)] });
    let state = startSurvey({ survey, questions: [q(1)] }, ctx());
    expect(currentScreen(state)).toEqual({ sectionId: 'ratings', questionIds: [], followUp: false });
    state = completeScreen(state, {}, ctx());
    expect(currentScreen(state)).toEqual({ sectionId: 'main', questionIds: [1], followUp: false });
    state = completeScreen(state, { 1: { text: 'fine' } }, ctx());
    expect(currentScreen(state)).toBeNull();
    expect(isSurveyFinished(state)).toBe(true);
  });

  it('follow-ups of a completed screen come as a follow-up screen of the same section', () => {
    const questions = [q(1, { followUpQuestions: [3] }), q(2), q(3)];
    let state = startSurvey({ survey: surveyWith(), questions }, ctx());
    state = completeScreen(state, { 1: { choices: [1] }, 2: { choices: [2] } }, ctx());
    expect(currentScreen(state)).toEqual({ sectionId: 'main', questionIds: [3], followUp: true });
    expect(state.visible).toEqual([1, 3, 2]);
  });
});

describe('G4.7 completing a screen records it', () => {
  const questions = [q(1), q(2), q(3, { sectionId: 'later' })];
  const survey = surveyWith({ sections: [sec('main', 90), sec('later', 10)] });

  it('records the screen’s questions, their answers (others ignored) and the section; inputs untouched', () => {
    const start = startSurvey({ survey, questions }, ctx());
    const before = JSON.stringify(start);
    const next = completeScreen(start, { 1: { text: 'a' }, 3: { text: 'not on this screen' } }, ctx());
    expect(next.completedQuestions).toEqual([1, 2]);
    expect(next.completedSections).toEqual(['main']);
    expect(next.answers).toEqual({ 1: { text: 'a' } });
    expect(JSON.stringify(start)).toBe(before);
    expect(shownQuestions(next)).toEqual([1, 2]);
  });

  it('completed questions stay even when the filter would now drop them', () => {
    const drill = q(1, { questionType: QuestionType.DRILLDOWN, indicatorId: 1, triggerStars: [1] });
    let state = startSurvey(
      { survey, questions: [drill, q(3, { sectionId: 'later' })] },
      ctx({ scores: { 1: 1 } }),
    );
    state = completeScreen(state, { 1: { text: 'cold' } }, ctx({ scores: { 1: 1 } }));
    state = completeScreen(state, {}, ctx({ scores: { 1: 5 } }));
    expect(state.visible).toEqual([1, 3]);
  });

  it('a finished run is returned unchanged', () => {
    let state = startSurvey({ survey, questions }, ctx());
    state = completeScreen(completeScreen(state, {}, ctx()), {}, ctx());
    expect(completeScreen(state, { 1: { text: 'late' } }, ctx())).toBe(state);
  });
});

describe('G4.8 dependent sections are rebuilt on completion', () => {
  it('a section depending on two is built after the second completes, at its place by weight', () => {
    const survey = surveyWith({ sections: [sec('a', 100), sec('b', 90), sec('d', 95, ['a', 'b'])] });
    // Order a, d, b: d depends on a (earlier) and b (later: ignored), so d is built once a completes.
    let state = startSurvey({ survey, questions: [q(1, { sectionId: 'd' })] }, ctx());
    expect(state.built.map((s) => s.sectionId)).toEqual(['a', 'b']);
    state = completeScreen(state, {}, ctx());
    expect(currentScreen(state)?.sectionId).toBe('d');
  });
});

describe('G4.9 completion inserts follow-ups and filters again', () => {
  it('drill-downs appear once the scores that trigger them are known', () => {
    const survey = surveyWith({ sections: [sec('ratings', 100), sec('drill', 50)] });
    const drill = q(1, {
      sectionId: 'drill',
      questionType: QuestionType.DRILLDOWN,
      indicatorId: 1,
      triggerStars: [1, 2],
    });
    let state = startSurvey({ survey, questions: [drill] }, ctx());
    expect(state.visible).toEqual([]);
    state = completeScreen(state, {}, ctx({ scores: { 1: 2 } }));
    expect(currentScreen(state)).toEqual({ sectionId: 'drill', questionIds: [1], followUp: false });
  });

  it('an inserted follow-up takes its place ahead of later questions when the total is full', () => {
    const survey = surveyWith({ maximumQuestionCount: 3 });
    const questions = [
      q(1, { weight: 90, followUpQuestions: [9] }),
      q(2, { weight: 50, sectionId: 'later' }),
      q(3, { weight: 40, sectionId: 'later' }),
      q(9),
    ];
    const sections = [sec('main', 90), sec('later', 10)];
    let state = startSurvey({ survey: { ...survey, sections }, questions }, ctx());
    expect(state.visible).toEqual([1, 2, 3]);
    state = completeScreen(state, { 1: { choices: [1] } }, ctx());
    expect(state.visible).toEqual([1, 9, 2]);
  });
});

describe('G4.3–G4.14 the demo bistro survey, end to end', () => {
  const demo = DEMO_SURVEYS.find((s) => s.slug === 'demo-bistro');
  if (!demo) throw new Error('demo-bistro missing from the seed');
  const definition = { survey: demo.definition, questions: demo.questions };
  const ratings = { 1: 2, 2: 4, 3: 4, 4: 4, 6: 3 };

  it('walks ratings, NPS, drill-downs with their follow-up, dishes, staff, questions, comments', () => {
    const screens: string[] = [];
    let state = startSurvey(definition, ctx());
    const step = (
      answers: Record<number, { choices?: number[]; text?: string }>,
      scores: Record<number, number>,
    ) => {
      const screen = currentScreen(state);
      screens.push(`${screen?.sectionId}${screen?.followUp ? '+' : ''}:${screen?.questionIds.join(',')}`);
      state = completeScreen(state, answers, ctx({ scores }));
    };
    step({}, ratings);
    step({}, { ...ratings, 5: 5 });
    step({ 101: { choices: [1] }, 103: { choices: [2] } }, { ...ratings, 5: 5 });
    step({ 102: { text: 'It was cold' } }, { ...ratings, 5: 5 });
    while (!isSurveyFinished(state)) step({}, { ...ratings, 5: 5 });
    expect(screens).toEqual([
      'ratings:',
      'nps:',
      'drilldowns:101,103', // food 2 is in [1,2]; NPS 5 ≤ 6; CSAT 50 is not ≥ 90
      'drilldowns+:102', // linked to 101, inserted after it
      'menu:110,111', // 111 needs the transaction, which is there
      'staff:',
      'questions:120,121,122,123,126,125', // 124 asks parties of 4 or more; the check has 2 covers
      'comments:130',
    ]);
    expect(shownQuestions(state)).toEqual([101, 102, 103, 110, 111, 120, 121, 122, 123, 126, 125, 130]);
    expect(followUpsStayWithAnchors(state.built)).toBe(true);
  });

  it('without a transaction the product question is not asked', () => {
    const state = startSurvey(definition, ctx({ transaction: null }));
    expect(state.visible).not.toContain(111);
    expect(state.visible).toContain(110);
  });
});
