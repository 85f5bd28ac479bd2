import { type Question, QuestionType, questionSchema } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import { currentContent, runReducer, type SurveyRun, startRun, storedRun } from './survey-run';
import { bistroQuestions, bistroSurvey } from './test-fixtures';

const visit = { transaction: null, visitDateTime: '2025-03-14 19:30:00' };
const start = (seed = 7, questions: readonly Question[] = bistroQuestions, hasDemographics = false) =>
  startRun({
    survey: bistroSurvey(),
    questions,
    visit,
    seed,
    hasDemographics,
    startedAt: '2025-03-14 21:00:00',
  });

const run = (state: SurveyRun, ...actions: Parameters<typeof runReducer>[1][]) =>
  actions.reduce(runReducer, state);

describe('survey run', () => {
  it('G4.3 G4.6 starts on the highest-weight section with its indicators', () => {
    const content = currentContent(start());
    expect(content?.sectionId).toBe('ratings');
    expect(content?.indicators.map((indicator) => indicator.id)).toEqual([1, 2]);
    expect(content?.questionIds).toEqual([]);
  });

  it('G4.7 Next records the draft scores and answers; Skip drops them', () => {
    const rated = run(
      start(),
      { type: 'score', indicatorId: 1, score: 5 },
      { type: 'score', indicatorId: 2, score: 5 },
      { type: 'next' },
    );
    expect(rated.scores).toEqual({ 1: 5, 2: 5 });
    expect(rated.draft).toEqual({ answers: {}, scores: {}, staff: null });
    expect(currentContent(rated)?.sectionId).toBe('nps');
    const skipped = run(rated, { type: 'score', indicatorId: 5, score: 3 }, { type: 'skip' });
    expect(skipped.scores).toEqual({ 1: 5, 2: 5 });
  });

  it('G4.6 screens with nothing to ask are completed at once (no drill-down without a trigger)', () => {
    const state = run(
      start(),
      { type: 'score', indicatorId: 1, score: 5 },
      { type: 'score', indicatorId: 2, score: 5 },
      { type: 'next' },
      { type: 'score', indicatorId: 5, score: 10 },
      { type: 'next' },
    );
    // 'drilldowns' has nothing for these scores, so the run is already on 'questions'.
    expect(currentContent(state)?.sectionId).toBe('questions');
    expect(state.engine.completedSections).toContain('drilldowns');
  });

  it('G4.31 G4.9 a low food score brings the drill-down, and its follow-up comes next', () => {
    let state = run(
      start(),
      { type: 'score', indicatorId: 1, score: 1 },
      { type: 'score', indicatorId: 2, score: 5 },
      { type: 'next' },
      { type: 'score', indicatorId: 5, score: 9 },
      { type: 'next' },
    );
    expect(currentContent(state)?.questionIds).toEqual([101]);
    state = run(state, { type: 'answer', questionId: 101, answer: { choices: [1] } }, { type: 'next' });
    expect(currentContent(state)).toMatchObject({
      sectionId: 'drilldowns',
      followUp: true,
      questionIds: [102],
    });
  });

  it('G4.11 the same seed gives the same order; the run is plain data that survives JSON', () => {
    const followUps = [201, 202, 203, 204].map((id) =>
      questionSchema.parse({
        id,
        templateId: 1,
        sectionId: 'questions',
        questionType: QuestionType.OTHER,
        text: `F${id}`,
        weight: 10,
      }),
    );
    const parent = questionSchema.parse({
      id: 200,
      templateId: 1,
      sectionId: 'questions',
      questionType: QuestionType.OTHER,
      otherQuestionsFormat: 5,
      text: 'Parent',
      weight: 99,
      followUpQuestions: [201, 202, 203, 204],
    });
    const questions = [parent, ...followUps];
    const orderFor = (seed: number) => {
      const begun = run(
        start(seed, questions),
        { type: 'score', indicatorId: 1, score: 3 },
        { type: 'score', indicatorId: 2, score: 3 },
        { type: 'next' },
        { type: 'score', indicatorId: 5, score: 7 },
        { type: 'next' },
      );
      // A reload: the stored copy goes through JSON and carries on.
      const reloaded = storedRun(JSON.parse(JSON.stringify(begun)));
      if (!reloaded) throw new Error('not stored');
      const after = run(
        reloaded,
        { type: 'answer', questionId: 200, answer: { text: 'yes' } },
        { type: 'next' },
      );
      return currentContent(after)?.questionIds;
    };
    expect(orderFor(42)).toEqual(orderFor(42));
    const orders = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => JSON.stringify(orderFor(seed))));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('ends with the demographic fields when the venue has them, then done', () => {
    const finished = (hasDemographics: boolean) =>
      run(
        start(1, [], hasDemographics),
        { type: 'score', indicatorId: 1, score: 4 },
        { type: 'score', indicatorId: 2, score: 4 },
        { type: 'next' },
        { type: 'score', indicatorId: 5, score: 8 },
        { type: 'next' },
      );
    expect(finished(false).phase).toBe('done');
    const asking = finished(true);
    expect(asking.phase).toBe('demographics');
    expect(run(asking, { type: 'demographic', fieldId: 1, value: 'Female' }).demographics).toEqual({
      1: 'Female',
    });
    expect(
      run(asking, { type: 'demographic', fieldId: 1, value: 'Female' }, { type: 'skipDemographics' }),
    ).toMatchObject({
      phase: 'done',
      demographics: {},
    });
    // Answers to a finished run change nothing.
    const done = run(asking, { type: 'finishDemographics' });
    expect(run(done, { type: 'next' })).toBe(done);
  });

  it('refuses a stored run of another shape version', () => {
    expect(storedRun(null)).toBeNull();
    expect(storedRun({ version: 0, engine: {} })).toBeNull();
    // Version 1 had no history: it cannot go back, so it starts again.
    const { history: _h, ahead: _a, ...first } = start();
    expect(storedRun({ ...first, version: 1 })).toBeNull();
    expect(storedRun(JSON.parse(JSON.stringify(start())))).not.toBeNull();
  });

  describe('Previous and Back (decision 0177)', () => {
    // Ratings (food 1: the drill-down comes), NPS, the drill-down and its follow-up, then questions.
    const toQuestions = () =>
      run(
        start(),
        { type: 'score', indicatorId: 1, score: 1 },
        { type: 'score', indicatorId: 2, score: 5 },
        { type: 'next' },
        { type: 'score', indicatorId: 5, score: 9 },
        { type: 'next' },
        { type: 'answer', questionId: 101, answer: { choices: [1] } },
        { type: 'next' },
        { type: 'answer', questionId: 102, answer: { text: 'Cold' } },
        { type: 'next' },
      );
    const section = (state: SurveyRun) => currentContent(state)?.sectionId;

    it('goes back one screen with its answers, the run as it was then', () => {
      const there = toQuestions();
      expect(section(there)).toBe('questions');
      const back = run(
        there,
        { type: 'answer', questionId: 120, answer: { choices: ['yes'] } },
        { type: 'previous' },
      );
      expect(currentContent(back)).toMatchObject({
        sectionId: 'drilldowns',
        followUp: true,
        questionIds: [102],
      });
      expect(back.draft.answers).toEqual({ 102: { text: 'Cold' } });
      expect(back.history).toHaveLength(3);
      // The replay is the run of that moment: the same steps, scores and engine.
      const then = run(
        start(),
        { type: 'score', indicatorId: 1, score: 1 },
        { type: 'score', indicatorId: 2, score: 5 },
        { type: 'next' },
        { type: 'score', indicatorId: 5, score: 9 },
        { type: 'next' },
        { type: 'answer', questionId: 101, answer: { choices: [1] } },
        { type: 'next' },
      );
      expect(back.engine).toEqual(then.engine);
      expect(back.step).toBe(then.step);
      expect(back.scores).toEqual(then.scores);
    });

    it('Next again returns to the screen left, its answers given back', () => {
      const there = run(toQuestions(), { type: 'answer', questionId: 120, answer: { choices: ['yes'] } });
      const again = run(there, { type: 'previous' }, { type: 'next' });
      expect(section(again)).toBe('questions');
      expect(again.draft.answers).toEqual({ 120: { choices: ['yes'] } });
      expect(again.ahead).toEqual([]);
    });

    it('back to the first screen at once, and a changed answer there changes the way on', () => {
      const there = toQuestions();
      const first = run(there, { type: 'previous', to: 0 });
      expect(section(first)).toBe('ratings');
      expect(first.draft.scores).toEqual({ 1: 1, 2: 5 });
      expect(first.scores).toEqual({});
      expect(first.ahead.map((entry) => entry.key)).toEqual([
        'questions',
        'drilldowns+',
        'drilldowns',
        'nps',
      ]);
      // Food now 5: no drill-down; the NPS screen keeps its 9, and the drill-downs' answers stay unused.
      const on = run(first, { type: 'score', indicatorId: 1, score: 5 }, { type: 'next' });
      expect(section(on)).toBe('nps');
      expect(on.draft.scores).toEqual({ 5: 9 });
      const past = run(on, { type: 'next' });
      expect(section(past)).toBe('questions');
      expect(past.engine.visible).not.toContain(101);
      expect(past.ahead).toEqual([]);
    });

    it('a skipped screen comes back with what was typed; the first screen has no previous', () => {
      const fresh = start();
      expect(run(fresh, { type: 'previous' })).toBe(fresh);
      const there = run(toQuestions(), { type: 'answer', questionId: 121, answer: { choices: [2] } });
      const skipped = run(there, { type: 'skip' });
      expect(section(skipped)).toBe('comments');
      const back = run(skipped, { type: 'previous' });
      expect(section(back)).toBe('questions');
      expect(back.draft.answers).toEqual({ 121: { choices: [2] } });
    });

    it('from the demographic fields back to the last question screen; the fields keep their values', () => {
      const asking = run(
        start(1, [], true),
        { type: 'score', indicatorId: 1, score: 4 },
        { type: 'score', indicatorId: 2, score: 4 },
        { type: 'next' },
        { type: 'score', indicatorId: 5, score: 8 },
        { type: 'next' },
        { type: 'demographic', fieldId: 1, value: 'Female' },
      );
      expect(asking.phase).toBe('demographics');
      const back = run(asking, { type: 'previous' });
      expect(back.phase).toBe('questions');
      expect(section(back)).toBe('nps');
      expect(back.draft.scores).toEqual({ 5: 8 });
      const forward = run(back, { type: 'next' });
      expect(forward.phase).toBe('demographics');
      expect(forward.demographics).toEqual({ 1: 'Female' });
      // A finished run stays finished.
      const done = run(asking, { type: 'finishDemographics' });
      expect(run(done, { type: 'previous' })).toBe(done);
    });

    it('survives JSON: a reload can still go back', () => {
      const reloaded = storedRun(JSON.parse(JSON.stringify(toQuestions())));
      if (!reloaded) throw new Error('not stored');
      expect(section(run(reloaded, { type: 'previous' }))).toBe('drilldowns');
    });
  });
});
