import type { Random } from '../random';
import type { Question } from '../schemas/question';
import type { BuiltSection, PlanEntry, QuestionAnswer } from './types';

/** G4.10 An answer says something: not "not applicable", and some text, choice, dish rating or saved service. */
export function hasContent(answer: QuestionAnswer | undefined): boolean {
  if (answer === undefined || answer.notApplicable === true) return false;
  return (
    (answer.text !== undefined && answer.text.trim() !== '') ||
    (answer.choices?.length ?? 0) > 0 ||
    (answer.extra?.menuInsight?.length ?? 0) > 0 ||
    (answer.extra?.services?.length ?? 0) > 0
  );
}

/**
 * G4.10 A question's follow-ups are triggered by an answer with content whose choices (or dish ratings)
 * include one of followUpTriggers; with no triggers any answer does. Ids and texts compare as text,
 * so a trigger 1 matches a choice '1'.
 */
export function triggersFollowUps(question: Question, answer: QuestionAnswer | undefined): boolean {
  if (answer === undefined || !hasContent(answer) || question.followUpQuestions.length === 0) return false;
  if (question.followUpTriggers.length === 0) return true;
  const given = new Set<string>([
    ...(answer.choices ?? []).map(String),
    ...(answer.extra?.menuInsight ?? []).map((dish) => String(dish.aspectRatingId)),
  ]);
  return question.followUpTriggers.some((trigger) => given.has(String(trigger)));
}

/** G4.11 Weight descending; equal weights in an order drawn from `random` (shuffle, then a stable sort). */
export function orderFollowUps(followUps: readonly Question[], random: Random): Question[] {
  const shuffled = [...followUps];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j] as Question, shuffled[i] as Question];
  }
  return shuffled.sort((a, b) => b.weight - a.weight);
}

/** True when `entry` was inserted (directly or through other follow-ups) after `ancestorId`. */
function descendsFrom(
  entry: PlanEntry,
  ancestorId: number,
  anchors: ReadonlyMap<number, number | null>,
): boolean {
  let anchor = entry.anchorId;
  while (anchor !== null && anchor !== undefined) {
    if (anchor === ancestorId) return true;
    anchor = anchors.get(anchor) ?? null;
  }
  return false;
}

/**
 * G4.12 Where a follow-up of weight `weight` goes after `anchorId`: past the anchor's earlier follow-ups
 * (each with its own follow-ups) whose weight is higher, before the first whose weight is not higher,
 * and never past the anchor's block, so nothing unrelated comes between a follow-up and its anchor.
 */
function insertionIndex(
  entries: readonly PlanEntry[],
  anchorIndex: number,
  weight: number,
  weightOf: (id: number) => number,
): number {
  const anchorId = (entries[anchorIndex] as PlanEntry).questionId;
  const anchors = new Map(entries.map((e) => [e.questionId, e.anchorId]));
  let i = anchorIndex + 1;
  while (i < entries.length) {
    const entry = entries[i] as PlanEntry;
    if (entry.anchorId !== anchorId || weightOf(entry.questionId) <= weight) break;
    i += 1;
    while (i < entries.length && descendsFrom(entries[i] as PlanEntry, entry.questionId, anchors)) i += 1;
  }
  return i;
}

/** What follow-up insertion reads besides the plan. */
export interface FollowUpInput {
  /** The questions whose screen was just completed, in screen order. */
  parentIds: readonly number[];
  answers: Readonly<Record<number, QuestionAnswer>>;
  byId: ReadonlyMap<number, Question>;
  /** Questions shown before this insertion: a linked question must be among them to be an anchor. */
  visible: ReadonlySet<number>;
  random: Random;
}

/**
 * G4.9–G4.14 Inserts the follow-ups the parents' answers trigger. Each goes into the section of its
 * anchor — its linked question when that is shown, else its parent — placed by G4.12. A question
 * already in the plan is not inserted again; unknown ids and a question following itself are skipped.
 */
export function insertFollowUps(built: readonly BuiltSection[], input: FollowUpInput): BuiltSection[] {
  const sections = built.map((section) => ({ sectionId: section.sectionId, entries: [...section.entries] }));
  const planned = new Set(sections.flatMap((s) => s.entries.map((e) => e.questionId)));
  const weightOf = (id: number) => input.byId.get(id)?.weight ?? 0;
  for (const parentId of input.parentIds) {
    const parent = input.byId.get(parentId);
    if (parent === undefined || !triggersFollowUps(parent, input.answers[parentId])) continue;
    const candidates = [...new Set(parent.followUpQuestions)]
      .filter((id) => id !== parentId && !planned.has(id))
      .map((id) => input.byId.get(id))
      .filter((q): q is Question => q !== undefined);
    for (const followUp of orderFollowUps(candidates, input.random)) {
      const linked = followUp.linkedQuestion;
      const anchorId =
        linked !== null && linked !== followUp.id && input.visible.has(linked) && planned.has(linked)
          ? linked
          : parentId;
      const section = sections.find((s) => s.entries.some((e) => e.questionId === anchorId));
      if (section === undefined) continue;
      const anchorIndex = section.entries.findIndex((e) => e.questionId === anchorId);
      const at = insertionIndex(section.entries, anchorIndex, followUp.weight, weightOf);
      section.entries.splice(at, 0, { questionId: followUp.id, anchorId, parentId });
      planned.add(followUp.id);
    }
  }
  return sections;
}
