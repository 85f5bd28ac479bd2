import {
  askedForTransaction,
  completeScreen,
  contextFiltersPass,
  drilldownTriggered,
  EposProductType,
  isKnownQuestionType,
  isSurveyFinished,
  type Question,
  requiresTransaction,
  type Survey,
  seededRandom,
  shownQuestions,
  startSurvey,
  surveyContext,
  type Transaction,
  withinDateRange,
} from '@venue-voice/domain';

/** The visit the operator describes in the Engine panel (decision 0258). */
export interface EngineVisit {
  /** A till's check for the visit, or none (a guest with no receipt). */
  transaction: { covers: number; subtotal: number; items: string[] } | null;
  /** `YYYY-MM-DD` and `HH:mm`, the venue's local time. */
  date: string;
  time: string;
  /** The party size staff would type; null: the check's covers (none without a check). */
  partySize: number | null;
}

/** Why the engine would not ask a question of this visit, in the order the engine checks (G4.15–G4.34). */
export type NotAskedReason =
  | 'unknownType'
  | 'needsTransaction'
  | 'onlyWithoutTransaction'
  | 'dateRange'
  | 'contextFilter'
  | 'drilldown'
  | 'followUp'
  | 'notChosen';

export interface EngineResult {
  /** The questions a guest who answers nothing would be asked, in the order they would see them. */
  asked: Question[];
  notAsked: { question: Question; reason: NotAskedReason }[];
}

/** The check a typed visit stands for: each typed line an item of food. */
export function engineTransaction(visit: EngineVisit, visitDateTime: string): Transaction | null {
  const check = visit.transaction;
  if (!check) return null;
  return {
    check: {
      covers: check.covers,
      subtotal: check.subtotal,
      avgSpentPerHead: check.covers > 0 ? check.subtotal / check.covers : 0,
      checkOpenTime: visitDateTime,
    },
    checkOpenTime: visitDateTime,
    menuItems: check.items.map((name, index) => ({
      menuItemObjectNumber: String(index + 1),
      menuItemName: name,
      type: EposProductType.FOOD,
      majorGroupId: null,
      majorGroupName: null,
      familyGroupId: null,
      familyGroupName: null,
    })),
  };
}

/**
 * What the guest engine would ask for this visit: the domain's own run (startSurvey, then each screen
 * completed with no answers, shownQuestions at the end), so no rule is restated here. Drill-downs and
 * follow-ups wait for answers, so they show among those not asked, saying so. A fixed seed: the same visit
 * always lists the same questions.
 */
export function engineRun(survey: Survey, questions: readonly Question[], visit: EngineVisit): EngineResult {
  const visitDateTime = `${visit.date} ${visit.time}:00`;
  const transaction = engineTransaction(visit, visitDateTime);
  const context = surveyContext({
    transaction,
    visitDateTime,
    random: seededRandom(1),
    ...(visit.partySize === null ? {} : { partySize: visit.partySize }),
  });
  let state = startSurvey({ survey, questions }, context);
  // Each completion finishes one screen; a survey has fewer screens than questions and sections.
  for (let step = 0; step <= questions.length + survey.sections.length && !isSurveyFinished(state); step++) {
    state = completeScreen(state, {}, context);
  }
  const byId = new Map(questions.map((question) => [question.id, question]));
  const shown = shownQuestions(state);
  const asked = shown.flatMap((id) => byId.get(id) ?? []);
  const askedIds = new Set(shown);
  const notAsked = questions
    .filter((question) => !askedIds.has(question.id))
    .map((question) => ({ question, reason: whyNot(question, questions, survey, context) }));
  return { asked, notAsked };
}

function whyNot(
  question: Question,
  questions: readonly Question[],
  survey: Survey,
  context: ReturnType<typeof surveyContext>,
): NotAskedReason {
  const hasTransaction = context.transaction !== null;
  if (!isKnownQuestionType(question.questionType)) return 'unknownType';
  if (!hasTransaction && requiresTransaction(question)) return 'needsTransaction';
  if (!askedForTransaction(question, hasTransaction)) return 'onlyWithoutTransaction';
  if (!withinDateRange(question, context.visitDateTime)) return 'dateRange';
  if (!contextFiltersPass(question, context)) return 'contextFilter';
  if (!drilldownTriggered(question, survey.indicators, context.indicatorScores)) return 'drilldown';
  const followsUp = questions.some((other) => other.followUpQuestions.includes(question.id));
  if (followsUp || question.linkedQuestion !== null) return 'followUp';
  // Eligible, but the section's maxima or the survey's maximum question count left it out (G4.19–G4.20).
  return 'notChosen';
}
