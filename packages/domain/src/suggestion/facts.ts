import { RATING_MAX, SLIDER_MAX } from '../constants';
import { AspectRating, IndicatorKind, type Language, QuestionFormat, QuestionType } from '../enums';
import type { Random } from '../random';
import type { IdText } from '../schemas/common';
import type { Question } from '../schemas/question';
import type { Answers, CreatePayload } from '../schemas/submit';
import type { Indicator } from '../schemas/survey';
import { cleanName, cleanQuestion, cleanQuote } from './text';

/** G7.2 A survey rating at or above this (on the 1–5 scale) is a high rating. */
export const HIGH_RATING_MIN = 4;
/** G7.3 An NPS answer at or above this says the guest would recommend the venue. */
export const PROMOTER_MIN = 9;
/** G7.8 Fewer positive facts than this is not enough to draft from. */
export const SUGGESTION_MIN_FACTS = 2;

/** The staff member the guest thanked, resolved by the server (the name from staffId). */
export interface ThankedStaff {
  name: string;
  /** Texts of the tags the guest chose for the member. */
  tags: readonly string[];
  /** The guest's comment about the member. */
  comment: string | null;
}

/** What a suggestion is drafted from: this guest's own answers and the names they point at. */
export interface SuggestionInput {
  /** The survey's language (templateLocale): the text is written in it. */
  language: Language;
  /** The survey's indicators (names and kinds of the scores in `answers.indicators`). */
  indicators: readonly Indicator[];
  /** The survey's questions (texts, choices, reason sections, formats). */
  questions: readonly Question[];
  /** The create payload's answers. */
  answers: Answers;
  /** Dish names by menu ref, for the dishes in the answers; a dish without a name is left out. */
  dishNames: Readonly<Record<string, string>>;
  staff: ThankedStaff | null;
  /** Varies the phrasing; by default seeded from the facts, so the same input gives the same text. */
  random?: Random;
}

export type SuggestionFact =
  | { kind: 'rating'; name: string; score: number }
  | { kind: 'recommend'; score: number }
  | { kind: 'dish'; name: string; reasons: string[]; comment: string | null }
  | { kind: 'staff'; name: string; tags: string[]; comment: string | null }
  | { kind: 'comment'; text: string }
  /** G7.21 The "why" the guest gave for answering yes, with the question it answers. */
  | { kind: 'why'; question: string; text: string };

/** G7.10 How the web app records a yes/no/why answer: choice 'yes' or 'no', the why in `text`. */
export const YES = 'yes';
export const NO = 'no';

/** G7.6 A yes/no answer is yes when its first choice is 'yes' (any case) or 1. */
export function isYes(answer: Answers['questions'][number]['answer']): boolean {
  const first = answer.choices?.[0];
  return first === 1 || (typeof first === 'string' && first.trim().toLowerCase() === YES);
}

/** G7.7 A positive/negative comment answer: choices [positive box, negative box] (either may be ''). */
export function positiveNegativeAnswer(positive: string, negative: string): { choices: string[] } {
  return { choices: [positive, negative] };
}

/** The positive box of a positive/negative comment answer, or '' when there is none. */
export function positiveBoxOf(answer: Answers['questions'][number]['answer']): string {
  const first = answer.choices?.[0];
  return typeof first === 'string' ? first : '';
}

/**
 * The staff member thanked, from the create payload's staff answer (G4.57: `tags` and `text`
 * sub-questions), the member's name and the tag choices offered. Null without a selected member.
 */
export function thankedStaff(
  answer: CreatePayload['staff'] | undefined,
  name: string | null,
  tagChoices: readonly IdText[],
): ThankedStaff | null {
  if (answer === undefined || answer.renderType !== 1 || name === null || cleanName(name) === '') return null;
  const tagText = new Map(tagChoices.map((tag) => [String(tag.id), tag.text]));
  const tags: string[] = [];
  let comment: string | null = null;
  for (const sub of answer.subQuestions) {
    if (sub.question_type === 'tags') {
      for (const value of sub.answers) {
        const text = tagText.get(String(value));
        if (text !== undefined) tags.push(text);
      }
    } else if (sub.question_type === 'text' && typeof sub.answers[0] === 'string') {
      comment = sub.answers[0];
    }
  }
  return { name, tags, comment };
}

const nonEmpty = (values: Iterable<string>): string[] => [...new Set([...values].filter((v) => v !== ''))];

function ratingFacts(input: SuggestionInput): SuggestionFact[] {
  const facts: SuggestionFact[] = [];
  for (const given of input.answers.indicators) {
    const indicator = input.indicators.find((i) => i.id === given.id);
    if (!indicator || !Number.isFinite(given.score)) continue;
    if (indicator.kind === IndicatorKind.SURVEY_RATING) {
      const name = cleanName(indicator.name);
      // G7.2 Only the 1–5 scale: a score off it is not a rating we can quote faithfully.
      if (name !== '' && given.score >= HIGH_RATING_MIN && given.score <= RATING_MAX) {
        facts.push({ kind: 'rating', name, score: Math.round(given.score) });
      }
    } else if (
      indicator.kind === IndicatorKind.NPS &&
      given.score >= PROMOTER_MIN &&
      given.score <= SLIDER_MAX
    ) {
      facts.push({ kind: 'recommend', score: Math.round(given.score) });
    }
  }
  // G7.3 NPS counts once even if a survey had two NPS indicators.
  const firstRecommend = facts.findIndex((f) => f.kind === 'recommend');
  return facts.filter((f, i) => f.kind !== 'recommend' || i === firstRecommend);
}

function dishFacts(
  question: Question,
  answer: Answers['questions'][number]['answer'],
  input: SuggestionInput,
) {
  const facts: SuggestionFact[] = [];
  const sections = question.menuInsight?.reasonSections ?? [];
  const goodReasons = new Map(
    sections
      .filter((s) => s.aspectRatingId === AspectRating.GOOD)
      .flatMap((s) => s.reasons.map((r) => [r.id, r.text] as const)),
  );
  for (const dish of answer.extra?.menuInsight ?? []) {
    if (dish.aspectRatingId !== AspectRating.GOOD) continue;
    const raw = input.dishNames[dish.ref];
    const name = raw === undefined ? '' : cleanName(raw);
    if (name === '' || facts.some((f) => f.kind === 'dish' && f.name === name)) continue;
    const reasons = nonEmpty(dish.reasons.map((id) => cleanName(goodReasons.get(id) ?? '')));
    const other = cleanName(dish.otherReason ?? '');
    const comment = cleanQuote(dish.comment ?? '');
    facts.push({ kind: 'dish', name, reasons: nonEmpty([...reasons, other]), comment: comment || null });
  }
  return facts;
}

function commentFact(question: Question, answer: Answers['questions'][number]['answer']): SuggestionFact[] {
  if (answer.notApplicable === true) return [];
  if (question.otherQuestionsFormat === QuestionFormat.YES_NO_WHY) {
    const text = isYes(answer) ? cleanQuote(answer.text ?? '') : '';
    if (text === '') return [];
    // G7.21 A reason means something only beside its question ("Was this your first visit?" yes:
    // "Saw it on Instagram"); without a question text to show it is one more comment.
    const asked = cleanQuestion(question.text);
    return [asked === '' ? { kind: 'comment', text } : { kind: 'why', question: asked, text }];
  }
  const text = question.commentMode === 'positive_negative' ? cleanQuote(positiveBoxOf(answer)) : '';
  return text === '' ? [] : [{ kind: 'comment', text }];
}

/**
 * G7.1–G7.7 The positive facts of this guest's answers, in a fixed order: high ratings, the NPS
 * promoter answer, dishes rated good, the staff member thanked, positive comments and "why" answers
 * after yes (each with its question, G7.21), in answer order. Nothing else
 * (no low rating, no complaint, no negative box, no answer to another guest's question) is read.
 */
export function suggestionFacts(input: SuggestionInput): SuggestionFact[] {
  const byId = new Map(input.questions.map((q) => [q.id, q]));
  const dishes: SuggestionFact[] = [];
  const comments: SuggestionFact[] = [];
  for (const { id, answer } of input.answers.questions) {
    const question = byId.get(id);
    if (!question) continue;
    if (question.questionType === QuestionType.MENU_INSIGHT) {
      for (const fact of dishFacts(question, answer, input)) {
        if (!dishes.some((d) => d.kind === 'dish' && fact.kind === 'dish' && d.name === fact.name)) {
          dishes.push(fact);
        }
      }
    } else {
      comments.push(...commentFact(question, answer));
    }
  }
  const staff: SuggestionFact[] = [];
  const staffName = input.staff ? cleanName(input.staff.name) : '';
  if (input.staff && staffName !== '') {
    const comment = cleanQuote(input.staff.comment ?? '');
    staff.push({
      kind: 'staff',
      name: staffName,
      tags: nonEmpty(input.staff.tags.map(cleanName)),
      comment: comment || null,
    });
  }
  const ratings = ratingFacts(input);
  return [
    ...ratings.filter((f) => f.kind === 'rating'),
    ...ratings.filter((f) => f.kind === 'recommend'),
    ...dishes,
    ...staff,
    ...comments,
  ];
}
