import type { Question } from '../schemas/question';
import type { Section } from '../schemas/survey';
import { insertFollowUps } from './follow-ups';
import { filterPlan } from './selection';
import type {
  BuiltSection,
  QuestionAnswer,
  RunState,
  Screen,
  SurveyContext,
  SurveyDefinition,
} from './types';

/** G4.3 Sections by weight, highest first; equal weights keep the order the survey lists them in. */
export const orderSections = (sections: readonly Section[]): Section[] =>
  // Array.prototype.sort is stable, so ties keep the configured order.
  [...sections].sort((a, b) => b.weight - a.weight);

/**
 * G4.4 The sections a section waits for: those it depends on that come earlier in order. A dependency
 * on a later section, an unknown id or itself is ignored — by the time it could complete, the guest
 * is past this section (the spec counts only "sections it depends on, earlier in order").
 */
export function earlierDependencies(section: Section, order: readonly string[]): string[] {
  const position = order.indexOf(section.id);
  return section.dependsOn.filter((id) => {
    const at = order.indexOf(id);
    return at >= 0 && at < position;
  });
}

/** G4.5 Questions named as some question's follow-up: they appear only when triggered, never on their own. */
const followUpIds = (questions: readonly Question[]): Set<number> =>
  new Set(questions.flatMap((q) => q.followUpQuestions.filter((id) => id !== q.id)));

/** G4.5 A section's own questions: weight descending, equal weights in the order the survey lists them. */
function buildSection(sectionId: string, questions: readonly Question[], followUps: ReadonlySet<number>) {
  const own = questions.filter((q) => q.sectionId === sectionId && !followUps.has(q.id));
  return {
    sectionId,
    entries: own
      .sort((a, b) => b.weight - a.weight)
      .map((q) => ({ questionId: q.id, anchorId: null, parentId: null })),
  };
}

/** G4.4/G4.8 Adds every section now due (its earlier dependencies complete), keeping section order. */
function buildDue(
  definition: SurveyDefinition,
  order: readonly string[],
  built: readonly BuiltSection[],
  completed: ReadonlySet<string>,
): BuiltSection[] {
  const have = new Map(built.map((section) => [section.sectionId, section]));
  const followUps = followUpIds(definition.questions);
  const result: BuiltSection[] = [];
  for (const section of orderSections(definition.survey.sections)) {
    const existing = have.get(section.id);
    if (existing !== undefined) result.push(existing);
    else if (earlierDependencies(section, order).every((id) => completed.has(id))) {
      result.push(buildSection(section.id, definition.questions, followUps));
    }
  }
  return result;
}

const indexQuestions = (questions: readonly Question[]) => new Map(questions.map((q) => [q.id, q]));

function refilter(state: Omit<RunState, 'visible'>, context: SurveyContext): RunState {
  const plan = state.built.flatMap((section) => section.entries);
  const visible = filterPlan(
    state.survey,
    indexQuestions(state.questions),
    plan,
    new Set(state.completedQuestions),
    context,
  );
  return { ...state, visible };
}

/** G4.3–G4.5 Starts a run: sections ordered, those without earlier dependencies built, the plan filtered. */
export function startSurvey(definition: SurveyDefinition, context: SurveyContext): RunState {
  const order = orderSections(definition.survey.sections).map((s) => s.id);
  const built = buildDue(definition, order, [], new Set());
  return refilter(
    {
      survey: definition.survey,
      questions: definition.questions,
      sectionOrder: order,
      built,
      completedSections: [],
      completedQuestions: [],
      answers: {},
    },
    context,
  );
}

/**
 * G4.6 The screen to show: the first built section not yet completed, or a completed one with follow-ups
 * not yet shown (a follow-up screen). Null when the run is finished.
 */
export function currentScreen(state: RunState): Screen | null {
  const visible = new Set(state.visible);
  const done = new Set(state.completedQuestions);
  for (const section of state.built) {
    const questionIds = section.entries
      .map((e) => e.questionId)
      .filter((id) => visible.has(id) && !done.has(id));
    const followUp = state.completedSections.includes(section.sectionId);
    if (!followUp || questionIds.length > 0) return { sectionId: section.sectionId, questionIds, followUp };
  }
  return null;
}

/** True once every screen is completed (G4.6). */
export const isSurveyFinished = (state: RunState): boolean => currentScreen(state) === null;

/**
 * G4.7–G4.9 Completes the current screen: records its questions and their answers (answers to other
 * questions are ignored) and its section, builds the dependent sections now due, inserts the
 * follow-ups its answers trigger right after their questions, and filters the whole plan again with
 * `context` (new indicator scores included). A finished run is returned unchanged.
 */
export function completeScreen(
  state: RunState,
  answers: Readonly<Record<number, QuestionAnswer>>,
  context: SurveyContext,
): RunState {
  const screen = currentScreen(state);
  if (screen === null) return state;
  const recorded: Record<number, QuestionAnswer> = { ...state.answers };
  for (const id of screen.questionIds) {
    const answer = answers[id];
    if (answer !== undefined) recorded[id] = answer;
  }
  const completedSections = screen.followUp
    ? state.completedSections
    : [...state.completedSections, screen.sectionId];
  const definition = { survey: state.survey, questions: state.questions };
  const due = buildDue(definition, state.sectionOrder, state.built, new Set(completedSections));
  const built = insertFollowUps(due, {
    parentIds: screen.questionIds,
    answers: recorded,
    byId: indexQuestions(state.questions),
    visible: new Set(state.visible),
    random: context.random,
  });
  return refilter(
    {
      ...state,
      built,
      completedSections,
      completedQuestions: [...state.completedQuestions, ...screen.questionIds],
      answers: recorded,
    },
    context,
  );
}

/** The questions shown so far, in plan order: the create payload's questionMap (D3.5). */
export function shownQuestions(state: RunState): number[] {
  const done = new Set(state.completedQuestions);
  return state.visible.filter((id) => done.has(id));
}
