import type { Question, QuestionAnswer, Survey } from '@venue-voice/domain';

/** What every question widget gets: the question, its draft answer, and where to send a new one. */
export interface QuestionProps {
  survey: Survey;
  question: Question;
  answer: QuestionAnswer | undefined;
  onAnswer(answer: QuestionAnswer): void;
  /** Set while "Not applicable" is ticked. */
  disabled: boolean;
  /** "Required", read with the question's name. */
  hint?: string;
}
