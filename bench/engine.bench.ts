/**
 * The survey engine in-process: build and filter a 200-question survey with 30 follow-ups and 10
 * context filters (startSurvey), then a whole run where every screen is completed with answers that
 * trigger the follow-ups (each completion rebuilds dependents, inserts follow-ups and filters again).
 * The survey is generated from a fixed seed, so every run measures the same work.
 */
import { ContextFilterType } from '../packages/domain/src/enums';
import { seededRandom } from '../packages/domain/src/random';
import { completeScreen, currentScreen, startSurvey } from '../packages/domain/src/survey/build';
import { surveyContext } from '../packages/domain/src/survey/context';
import { syntheticSurvey, triggeringAnswer } from '../packages/domain/src/survey/synthetic';
import type { RunState, SurveyContext } from '../packages/domain/src/survey/types';
import { checkGoal, machine, writeResult } from './lib/result';
import { median, msSince, round } from './lib/stats';

const SEED = 2025;
const SHAPE = { questions: 200, followUps: 30, contextFilters: 10, sections: 10, tightMaxima: false };
const RUNS = 7;
const BUILDS_PER_RUN = 500;
const FULL_RUNS_PER_RUN = 50;
const WARMUP = 300;
const GOAL_MS = 5;

const s = syntheticSurvey(SEED, SHAPE);
const definition = { survey: s.survey, questions: s.questions };
const context = (): SurveyContext =>
  surveyContext({
    transaction: s.transaction,
    visitDateTime: s.visitDateTime,
    indicatorScores: s.indicatorScores,
    random: seededRandom(SEED),
  });

/** Completes every screen; returns the final state and how many completions it took. */
function fullRun(): { state: RunState; completions: number } {
  const ctx = context();
  let state = startSurvey(definition, ctx);
  let completions = 0;
  for (let screen = currentScreen(state); screen !== null; screen = currentScreen(state)) {
    const answers = Object.fromEntries(screen.questionIds.map((id) => [id, triggeringAnswer()]));
    state = completeScreen(state, answers, ctx);
    completions += 1;
  }
  return { state, completions };
}

// What the work is, so the figures mean something (and a broken engine fails here, not silently).
const start = startSurvey(definition, context());
const finished = fullRun();
const followUpsShown = finished.state.built
  .flatMap((b) => b.entries)
  .filter((e) => e.anchorId !== null).length;
if (start.visible.length === 0 || finished.completions === 0 || followUpsShown === 0) {
  throw new Error(
    `engine bench: nothing built (${start.visible.length} shown, ${finished.completions} screens)`,
  );
}

const filters = s.questions.flatMap((q) => q.contextFilters);
const knownFilterTypes = new Set(Object.values(ContextFilterType) as string[]);
const unknownFilters = filters.filter((f) => !knownFilterTypes.has(f.type)).length;

let sink = 0;
for (let i = 0; i < WARMUP; i++)
  sink += startSurvey(definition, context()).visible.length + fullRun().completions;

const buildMs: number[] = [];
const completionMs: number[] = [];
const fullRunMs: number[] = [];
for (let run = 0; run < RUNS; run++) {
  let t = process.hrtime.bigint();
  for (let i = 0; i < BUILDS_PER_RUN; i++) sink += startSurvey(definition, context()).visible.length;
  buildMs.push(round(msSince(t) / BUILDS_PER_RUN, 4));
  t = process.hrtime.bigint();
  let completions = 0;
  for (let i = 0; i < FULL_RUNS_PER_RUN; i++) completions += fullRun().completions;
  const total = msSince(t);
  fullRunMs.push(round(total / FULL_RUNS_PER_RUN, 3));
  // A full run is one build plus its completions; the build's share is taken off with this run's figure.
  completionMs.push(round((total - FULL_RUNS_PER_RUN * (buildMs[run] as number)) / completions, 4));
  console.log(
    `run ${run + 1}: build ${buildMs[run]} ms, completion ${completionMs[run]} ms, full run ${fullRunMs[run]} ms`,
  );
}
if (sink === 0) throw new Error('engine bench: no work measured');

const build = median(buildMs);
const completion = median(completionMs);
const file = writeResult({
  name: 'engine',
  title: 'survey engine: build and filter a 200-question survey',
  ...machine(),
  runs: RUNS,
  method: [
    `A synthetic survey from seed ${SEED} (packages/domain/src/survey/synthetic.ts): ${SHAPE.questions} questions of every type over ${SHAPE.sections} sections (some dependent), ${SHAPE.followUps} of them follow-ups (some linked), ${filters.length} context filters (${unknownFilters} of a type the engine does not know), drill-downs on ratings, NPS and CSAT, date ranges and txAskQuestion rules, all drawn at random; maxima leave room for every question, so the filter judges each one.`,
    `Context: a transaction, indicator scores given, visit ${s.visitDateTime}; the first build shows ${start.visible.length} questions, a whole run ${finished.state.visible.length} over ${finished.completions} screens with ${followUpsShown} follow-ups inserted.`,
    `Build: surveyContext plus startSurvey (order sections, build those without pending dependencies, filter the plan), ${BUILDS_PER_RUN} times per run, mean per build.`,
    `Completion: completeScreen (record, build dependents now due, insert follow-ups, filter the whole plan again), the mean over ${FULL_RUNS_PER_RUN} whole runs per run, with the build's share taken off.`,
    `In-process with tsx after ${WARMUP} warm-up builds and runs; ${RUNS} runs, figures are medians over runs.`,
  ],
  metrics: [
    {
      id: 'engine.build',
      label: 'build and filter (startSurvey)',
      value: build,
      unit: 'ms',
      perRun: buildMs,
      goal: checkGoal(build, '<=', GOAL_MS, `≤ ${GOAL_MS} ms`),
    },
    {
      id: 'engine.completion',
      label: 'rebuild and filter on screen completion',
      value: completion,
      unit: 'ms',
      perRun: completionMs,
      goal: checkGoal(completion, '<=', GOAL_MS, `≤ ${GOAL_MS} ms`),
    },
    {
      id: 'engine.fullRun',
      label: `whole run (build + ${finished.completions} completions)`,
      value: median(fullRunMs),
      unit: 'ms',
      perRun: fullRunMs,
    },
  ],
});
console.log(`wrote ${file}`);
