import type { Question } from '@venue-voice/domain';
import type { QuestionFaults } from './faults';

/** What each part of the question editor gets: the question, its faults and a way to change fields. */
export interface PartProps {
  question: Question;
  faults: QuestionFaults;
  update: (patch: Partial<Question>) => void;
}
