import {
  askedForTransaction,
  completeScreen,
  contextFiltersPass,
  drilldownTriggered,
  EposProductType,
  isKnownQuestionType,
  isSurveyFinished,
  type Question,
  type ReceiptDish,
  receiptDishes,
  requiresTransaction,
  type Survey,
  seededRandom,
  shownQuestions,
  startSurvey,
  surveyContext,
  type Transaction,
  withinDateRange,
} from '@venue-voice/domain';

/** A receipt the operator types: covers, subtotal and the names of its items (decision 0258). */
export interface TypedCheck {
  covers: number;
  subtotal: number;
  items: string[];
}

/** A check the till stored, as the guest's lookup of its receipt answers it (decision 0260). */
export interface TillVisitCheck {
  till: Transaction;
}

/** The visit the operator describes in the Engine panel (decisions 0258, 0260). */
export interface EngineVisit {
  /** A typed receipt, a check stored by the till, or none (a guest with no receipt). */
  transaction: TypedCheck | TillVisitCheck | null;
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
  /** For each asked menu-insight question (by id), the receipt's dishes it asks about (O15.46). */
  dishes: Record<number, ReceiptDish[]>;
  notAsked: { question: Question; reason: NotAskedReason }[];
}

/**
 * The check of the visit: a till's stored check as it is (the guest lookup's own answer, with its lines'
 * real types and groups), or the one a typed visit stands for, each typed line an item of food.
 */
export function engineTransaction(visit: EngineVisit, visitDateTime: string): Transaction | null {
  const check = visit.transaction;
  if (!check) return null;
  if ('till' in check) return check.till;
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
 * completed with no answers, shownQuestions at the end), on the context the guest app makes
 * (`surveyContext` of the check and the visit time, as apps/web survey-run.ts), so no rule is restated here. Drill-downs and
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
  // What the guest app's menu-insight question lists from the receipt (apps/web menu-insight-question).
  const dishes = Object.fromEntries(
    asked.flatMap((question) =>
      question.menuInsight ? [[question.id, receiptDishes(question.menuInsight, transaction)] as const] : [],
    ),
  );
  const notAsked = questions
    .filter((question) => !askedIds.has(question.id))
    .map((question) => ({ question, reason: whyNot(question, questions, survey, context) }));
  return { asked, dishes, notAsked };
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
