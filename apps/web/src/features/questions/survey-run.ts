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

/** Bump when the stored shape changes: an older stored run is dropped and the survey starts again. */
export const SURVEY_RUN_VERSION = 1;

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
}

export type RunAction =
  | { type: 'answer'; questionId: number; answer: QuestionAnswer }
  | { type: 'score'; indicatorId: number; score: number }
  | { type: 'staff'; answer: StaffAnswer | null }
  | { type: 'next' }
  | { type: 'skip' }
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
      return complete(run, true);
    case 'skip':
      return complete(run, false);
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
  return run.version === SURVEY_RUN_VERSION && run.engine !== undefined ? (run as SurveyRun) : null;
}

/** D2.13: the answered and total questions of a stored run (the tablet's status panel); null without one. */
export function runProgress(value: unknown): { answered: number; total: number } | null {
  const run = storedRun(value);
  return run ? answeredQuestions(run.engine) : null;
}
