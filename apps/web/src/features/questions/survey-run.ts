import {
  answeredQuestions,
  completeScreen,
  currentScreen,
  type IndicatorScores,
  type Question,
  type QuestionAnswer,
  type RunState,
  type StaffAnswer,
  type Survey,
  seededRandom,
  startSurvey,
  surveyContext,
  type Transaction,
} from '@venue-voice/domain';
import { isEmptyScreen, type ScreenContent, screenContent } from './screen-content';

/**
 * Bump when the stored shape changes: an older stored run is dropped and the survey starts again.
 * 2: `history` and `ahead` (Back and Previous, decision 0177).
 */
export const SURVEY_RUN_VERSION = 2;

/** The visit the engine's context is built from; fixed for the whole run. */
export interface RunVisit {
  transaction: Transaction | null;
  /** Venue-local `YYYY-MM-DD HH:mm:ss`. */
  visitDateTime: string;
}

/** What the guest is doing on the screen shown: answers and scores not yet confirmed with Next. */
export interface ScreenDraft {
  answers: Record<number, QuestionAnswer>;
  scores: Record<number, number>;
  staff: StaffAnswer | null;
}

/** A screen the guest confirmed with Next (`keep`) or Skip, and what was on it then. */
export interface ScreenRecord {
  /** Which screen it was (`screenKey`). */
  key: string;
  draft: ScreenDraft;
  keep: boolean;
}

/** What the guest had on a screen they went back from, given back when they reach it again. */
export interface AheadDraft {
  key: string;
  draft: ScreenDraft;
}

/**
 * The survey run as plain data, kept in the session so a reload resumes it. `engine` is the domain's
 * run; randomness is a seed, and each transition draws from its own seeded stream (the seed mixed
 * with the step), so a reload replays exactly the same order without storing a generator.
 */
export interface SurveyRun {
  version: typeof SURVEY_RUN_VERSION;
  seed: number;
  step: number;
  visit: RunVisit;
  engine: RunState;
  /** Indicator scores confirmed on earlier screens. */
  scores: IndicatorScores;
  draft: ScreenDraft;
  /** The staff answer, once its screen is confirmed. */
  staff: StaffAnswer | null;
  /** Demographic answers by field id ('' = none). */
  demographics: Record<number, string>;
  /** Questions first, then the demographic fields (when the venue has any), then done. */
  phase: 'questions' | 'demographics' | 'done';
  hasDemographics: boolean;
  /** `YYYY-MM-DD HH:mm:ss` the run began, for the payload when the check-in has no startTime. */
  startedAt: string;
  /**
   * Every screen confirmed so far, in order: going back replays all but the last from the start (the
   * same seed gives the same run) and shows the last with its answers (decision 0177).
   */
  history: ScreenRecord[];
  /** Screens gone back from, the nearest last: their answers return when the guest reaches them again. */
  ahead: AheadDraft[];
}

export type RunAction =
  | { type: 'answer'; questionId: number; answer: QuestionAnswer }
  | { type: 'score'; indicatorId: number; score: number }
  | { type: 'staff'; answer: StaffAnswer | null }
  | { type: 'next' }
  | { type: 'skip' }
  /** Back to the previous screen, or to the screen `to` screens from the start. */
  | { type: 'previous'; to?: number }
  | { type: 'demographic'; fieldId: number; value: string }
  | { type: 'finishDemographics' }
  | { type: 'skipDemographics' };

export interface StartInput {
  survey: Survey;
  questions: readonly Question[];
  visit: RunVisit;
  seed: number;
  hasDemographics: boolean;
  startedAt: string;
}

const emptyDraft = (): ScreenDraft => ({ answers: {}, scores: {}, staff: null });

/** Each transition's own stream: golden-ratio steps spread neighbouring seeds apart. */
const randomFor = (seed: number, step: number) => seededRandom((seed + Math.imul(step, 0x9e3779b9)) >>> 0);

const contextOf = (run: Pick<SurveyRun, 'seed' | 'step' | 'visit'>, scores: IndicatorScores) =>
  surveyContext({
    transaction: run.visit.transaction,
    visitDateTime: run.visit.visitDateTime,
    indicatorScores: scores,
    random: randomFor(run.seed, run.step),
  });

/** Names a screen: its section, and whether it is that section's follow-up screen. */
export const screenKey = (content: Pick<ScreenContent, 'sectionId' | 'followUp'>): string =>
  content.followUp ? `${content.sectionId}+` : content.sectionId;

/** The content of the screen on show, or null once the questions are done. */
export function currentContent(run: SurveyRun): ScreenContent | null {
  if (run.phase !== 'questions') return null;
  const screen = currentScreen(run.engine);
  return screen === null ? null : screenContent(run.engine.survey, screen, run.scores);
}

/** Completes screens with nothing to ask (G4.6) and leaves the questions when none is left. */
function settle(run: SurveyRun): SurveyRun {
  let next = run;
  for (;;) {
    const content = currentContent(next);
    if (content === null) {
      if (next.phase !== 'questions') return next;
      return { ...next, phase: next.hasDemographics ? 'demographics' : 'done' };
    }
    if (!isEmptyScreen(content)) return next;
    next = {
      ...next,
      step: next.step + 1,
      engine: completeScreen(next.engine, {}, contextOf(next, next.scores)),
    };
  }
}

/** G4.3–G4.6: a new run, already on its first screen with something to ask. */
export function startRun(input: StartInput): SurveyRun {
  return begin(input, [], []);
}

function begin(input: StartInput, history: ScreenRecord[], ahead: AheadDraft[]): SurveyRun {
  const base = { seed: input.seed >>> 0, step: 0, visit: input.visit };
  const engine = startSurvey({ survey: input.survey, questions: input.questions }, contextOf(base, {}));
  return settle({
    version: SURVEY_RUN_VERSION,
    ...base,
    engine,
    scores: {},
    draft: emptyDraft(),
    staff: null,
    demographics: {},
    phase: 'questions',
    hasDemographics: input.hasDemographics,
    startedAt: input.startedAt,
    history,
    ahead,
  });
}

/** Confirms (or, skipping, drops) the screen's draft and moves to the next screen (G4.7–G4.9). */
function complete(run: SurveyRun, keep: boolean): SurveyRun {
  if (currentContent(run) === null) return run;
  const scores = keep ? { ...run.scores, ...run.draft.scores } : run.scores;
  const engine = completeScreen(run.engine, keep ? run.draft.answers : {}, contextOf(run, scores));
  const staff = keep && run.draft.staff !== null ? run.draft.staff : run.staff;
  return settle({ ...run, step: run.step + 1, engine, scores, staff, draft: emptyDraft() });
}

/** A kept draft cut to what the screen now asks (earlier answers may have changed the screen). */
function draftFor(content: ScreenContent, draft: ScreenDraft): ScreenDraft {
  const pick = <T>(values: Record<number, T>, ids: readonly number[]) =>
    Object.fromEntries(ids.filter((id) => id in values).map((id) => [id, values[id] as T]));
  return {
    answers: pick(draft.answers, content.questionIds),
    scores: pick(
      draft.scores,
      content.indicators.map((indicator) => indicator.id),
    ),
    staff: content.staff ? draft.staff : null,
  };
}

/**
 * Next or Skip: the screen is recorded in the history, then completed. The screen it leads to gets
 * back what the guest had on it when they went back from it, if they did (decision 0177).
 */
function move(run: SurveyRun, keep: boolean): SurveyRun {
  const content = currentContent(run);
  if (content === null) return run;
  const record: ScreenRecord = { key: screenKey(content), draft: run.draft, keep };
  const next = { ...complete(run, keep), history: [...run.history, record] };
  const arrived = currentContent(next);
  const at = arrived === null ? -1 : next.ahead.map((entry) => entry.key).lastIndexOf(screenKey(arrived));
  if (arrived === null || at < 0) return next;
  // Screens nearer than this one were passed by: their kept answers no longer have a place.
  const kept = next.ahead[at] as AheadDraft;
  return { ...next, draft: draftFor(arrived, kept.draft), ahead: next.ahead.slice(0, at) };
}

/**
 * Back to the screen `to` screens from the start (default: the previous one), with the answers it had:
 * the run is replayed from the start through the screens before it, so scores, staff, follow-ups and
 * dependent sections are those of that moment. The screens left behind, the one on show included,
 * keep their answers for the way forward.
 */
function back(run: SurveyRun, to = run.history.length - 1): SurveyRun {
  if (run.phase === 'done' || to < 0 || to >= run.history.length) return run;
  const target = run.history[to] as ScreenRecord;
  const current = currentContent(run);
  const left: AheadDraft[] = run.history
    .slice(to + 1)
    .map(({ key, draft }) => ({ key, draft }))
    .concat(current === null ? [] : [{ key: screenKey(current), draft: run.draft }])
    .reverse();
  const input: StartInput = {
    survey: run.engine.survey,
    questions: run.engine.questions,
    visit: run.visit,
    seed: run.seed,
    hasDemographics: run.hasDemographics,
    startedAt: run.startedAt,
  };
  let replayed = begin(input, [], []);
  for (const record of run.history.slice(0, to)) {
    replayed = complete({ ...replayed, draft: record.draft }, record.keep);
  }
  return {
    ...replayed,
    draft: target.draft,
    demographics: run.demographics,
    history: run.history.slice(0, to),
    ahead: [...run.ahead, ...left],
  };
}

/** The survey run's reducer: every transition calls the domain engine. */
export function runReducer(run: SurveyRun, action: RunAction): SurveyRun {
  switch (action.type) {
    case 'answer':
      return {
        ...run,
        draft: { ...run.draft, answers: { ...run.draft.answers, [action.questionId]: action.answer } },
      };
    case 'score':
      return {
        ...run,
        draft: { ...run.draft, scores: { ...run.draft.scores, [action.indicatorId]: action.score } },
      };
    case 'staff':
      return { ...run, draft: { ...run.draft, staff: action.answer } };
    case 'next':
      return move(run, true);
    case 'skip':
      return move(run, false);
    case 'previous':
      return back(run, action.to);
    case 'demographic':
      if (run.phase !== 'demographics') return run;
      return { ...run, demographics: { ...run.demographics, [action.fieldId]: action.value } };
    case 'finishDemographics':
      return run.phase === 'demographics' ? { ...run, phase: 'done' } : run;
    case 'skipDemographics':
      return run.phase === 'demographics' ? { ...run, demographics: {}, phase: 'done' } : run;
  }
}

/** Reads a stored run, or null when there is none or it has an older shape. */
export function storedRun(value: unknown): SurveyRun | null {
  if (typeof value !== 'object' || value === null) return null;
  const run = value as Partial<SurveyRun>;
  const complete = run.engine !== undefined && Array.isArray(run.history) && Array.isArray(run.ahead);
  return run.version === SURVEY_RUN_VERSION && complete ? (run as SurveyRun) : null;
}

/** D2.13: the answered and total questions of a stored run (the tablet's status panel); null without one. */
export function runProgress(value: unknown): { answered: number; total: number } | null {
  const run = storedRun(value);
  return run ? answeredQuestions(run.engine) : null;
}
