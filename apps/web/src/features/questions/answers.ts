import {
  hasContent,
  NO,
  positiveNegativeAnswer,
  type Question,
  type QuestionAnswer,
  YES,
} from '@venue-voice/domain';
import type { ScreenContent } from './screen-content';
import type { ScreenDraft } from './survey-run';

/** A question counts as answered with content, or when the guest marked it not applicable. */
export const isAnswered = (answer: QuestionAnswer | undefined): boolean =>
  hasContent(answer) || answer?.notApplicable === true;

/**
 * Next is enabled once every required question on the screen is answered and every required
 * indicator has a score (G2: "Next (disabled until required answers are given)").
 */
export function canContinue(
  content: ScreenContent,
  draft: ScreenDraft,
  byId: ReadonlyMap<number, Question>,
): boolean {
  const questionsDone = content.questionIds.every(
    (id) => byId.get(id)?.required !== true || isAnswered(draft.answers[id]),
  );
  const indicatorsDone = content.indicators.every(
    (indicator) => !indicator.isRequired || draft.scores[indicator.id] !== undefined,
  );
  return questionsDone && indicatorsDone;
}

export type YesNo = typeof YES | typeof NO;

/** G7.10: a yes/no/why answer is the choice 'yes' or 'no', with the "why" in `text`. */
export function yesNoAnswer(choice: YesNo | null, why: string): QuestionAnswer {
  if (choice === null) return {};
  return why === '' ? { choices: [choice] } : { choices: [choice], text: why };
}

export const yesNoOf = (answer: QuestionAnswer | undefined): YesNo | null => {
  const first = answer?.choices?.[0];
  return first === YES || first === NO ? first : null;
};

/** G7.7: positive and negative boxes are choices [positive, negative]; two blank boxes are no answer. */
export function positiveNegative(positive: string, negative: string): QuestionAnswer {
  return positive.trim() === '' && negative.trim() === '' ? {} : positiveNegativeAnswer(positive, negative);
}

export const boxesOf = (answer: QuestionAnswer | undefined): [string, string] => {
  const [positive, negative] = answer?.choices ?? [];
  return [typeof positive === 'string' ? positive : '', typeof negative === 'string' ? negative : ''];
};

/** Choice ids as the payload carries them (numbers), from the form's string values. */
export const choiceIds = (values: readonly string[]): number[] => values.map(Number).filter(Number.isInteger);

export const choiceValues = (answer: QuestionAnswer | undefined): string[] =>
  (answer?.choices ?? []).map(String);
