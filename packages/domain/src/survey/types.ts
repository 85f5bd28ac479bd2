import type { Random } from '../random';
import type { Question } from '../schemas/question';
import type { Answers } from '../schemas/submit';
import type { Survey } from '../schemas/survey';
import type { Transaction } from '../schemas/transaction';

/** One question's answer as the answer payload carries it (G3): text, choices, not applicable, extra. */
export type QuestionAnswer = Answers['questions'][number]['answer'];

/** Indicator scores by indicator id, as the guest gave them (survey rating 1-5, NPS 0-10, …). */
export type IndicatorScores = Readonly<Record<number, number>>;

/** A survey and its questions: what the engine reads, never changes. */
export interface SurveyDefinition {
  survey: Survey;
  questions: readonly Question[];
}

/**
 * What eligibility and follow-up insertion need to know about the visit (G4). Party size, spend and
 * per-head figures come from the transaction's check (null without one); time of day is hours since
 * midnight with minutes as a fraction (19:30 is 19.5); day of week is ISO, Monday 1 to Sunday 7.
 */
export interface SurveyContext {
  transaction: Transaction | null;
  /** Venue-local `YYYY-MM-DD HH:mm:ss`. */
  visitDateTime: string;
  partySize: number | null;
  totalSpent: number | null;
  averagePerHead: number | null;
  timeOfDay: number;
  dayOfWeek: number;
  indicatorScores: IndicatorScores;
  random: Random;
}

/**
 * A question placed in the plan. `anchorId` is the question a follow-up was inserted after (its linked
 * question, else its parent); null for a section's own questions. `parentId` is the question whose
 * answer triggered it.
 */
export interface PlanEntry {
  questionId: number;
  anchorId: number | null;
  parentId: number | null;
}

/** A section whose questions are in the plan, in screen order. */
export interface BuiltSection {
  sectionId: string;
  entries: readonly PlanEntry[];
}

/**
 * A survey run (G4 survey build): plain data, so a reducer can hold it and a device can store it.
 * `visible` is the filtered plan (question ids in plan order); everything else is what was built,
 * completed and answered so far.
 */
export interface RunState {
  survey: Survey;
  questions: readonly Question[];
  /** Every section id, highest weight first (G4.1). */
  sectionOrder: readonly string[];
  /** Built sections, in section order. */
  built: readonly BuiltSection[];
  completedSections: readonly string[];
  completedQuestions: readonly number[];
  answers: Readonly<Record<number, QuestionAnswer>>;
  visible: readonly number[];
}

/**
 * What the guest sees next: a section's screen, or a follow-up screen of a section already completed
 * (follow-ups inserted after its questions). `questionIds` may be empty: a section can hold only
 * indicators, or have nothing left after filtering; the UI shows what it holds or completes it at once.
 */
export interface Screen {
  sectionId: string;
  questionIds: number[];
  followUp: boolean;
}
