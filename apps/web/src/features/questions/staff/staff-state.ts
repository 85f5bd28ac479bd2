import type { StaffAnswer, StaffState } from '@venue-voice/domain';

/**
 * The staff widget's state rebuilt from the answer kept in the run, so a reload shows the member the
 * guest chose with their tags and comment (the inverse of the domain's `staffAnswer`, G4.57).
 */
export function staffStateOf(answer: StaffAnswer | null): StaffState {
  if (answer === null || answer.renderType !== 1) return { selection: null, modal: null };
  const tags: number[] = [];
  let text = '';
  for (const sub of answer.subQuestions) {
    if (sub.question_type === 'tags')
      tags.push(...sub.answers.filter((id): id is number => typeof id === 'number'));
    if (sub.question_type === 'text' && typeof sub.answers[0] === 'string') text = sub.answers[0];
  }
  return { selection: { staffId: answer.staffId, answers: { tags, text } }, modal: null };
}

/** Initials for a member without a photo ("Alex Morgan" → "AM"). */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toLocaleUpperCase() ?? '')
    .join('');
