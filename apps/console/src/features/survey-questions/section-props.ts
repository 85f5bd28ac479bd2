import type { Question } from '@venue-voice/domain';
import { type ComponentType, memo, type NamedExoticComponent } from 'react';
import type { QuestionFaults } from './faults';

/** What each part of the question editor gets: the question, its faults and a way to change fields. */
export interface PartProps {
  question: Question;
  faults: QuestionFaults;
  update: (patch: Partial<Question>) => void;
}

/**
 * A part of the editor that renders again only when one of `fields` of its question, or another prop,
 * changed: a keystroke in the question's text leaves the follow-ups, dates and menu insight alone.
 * `fields` must name every field the part reads.
 */
export function memoPart<P extends PartProps>(
  part: ComponentType<P>,
  fields: readonly (keyof Question)[],
): NamedExoticComponent<P> {
  return memo(part, (a, b) => {
    for (const key of Object.keys(b) as (keyof P)[]) {
      if (key === 'question') continue;
      if (a[key] !== b[key]) return false;
    }
    return fields.every((field) => a.question[field] === b.question[field]);
  });
}
