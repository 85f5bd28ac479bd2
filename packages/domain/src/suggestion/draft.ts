import type { MessageKey } from '../messages';
import { seededRandom } from '../random';
import { SUGGESTION_MIN_FACTS, type SuggestionFact, type SuggestionInput, suggestionFacts } from './facts';
import { fill, joinList, PHRASES, type Phrases } from './phrases';
import { hashText, SUGGESTION_TEXT_MAX } from './text';

/** G7.18 The spec's text when there is too little to draft from (message key `ai.notEnoughInformation`). */
export const NOT_ENOUGH_INFORMATION = 'There is not enough information to generate an informed response';
export const NOT_ENOUGH_INFORMATION_KEY: MessageKey = 'ai.notEnoughInformation';

export type DraftResult = { text: string } | { notEnough: true };

/** G7.8 Enough to draft from: at least SUGGESTION_MIN_FACTS positive facts of this guest. */
export const canSuggestReview = (input: SuggestionInput): boolean =>
  suggestionFacts(input).length >= SUGGESTION_MIN_FACTS;

const quote = (p: Phrases, text: string) => `${p.quotes[0]}${text}${p.quotes[1]}`;
// Every closing quotation mark of the four languages (en-gb ”, de “, it and es »).
const ENDED = /[.!?…][”“»]?$/u;
/**
 * G7.20 Ends a sentence with a full stop unless it already ends with one: a sentence that ends with a
 * quote gets its full stop after the closing mark (“…cosy room”.), but not when the guest's own words
 * already end with one (“…cosy room.”), which would double it.
 */
const sentence = (text: string) => (ENDED.test(text) ? text : `${text}.`);
const withList = (text: string, items: readonly string[]) =>
  items.length === 0 ? text : `${text} (${items.join(', ')})`;

/** G7.9 One fact as the sentences that state it; a quoted comment is its own sentence. */
function sentencesOf(fact: SuggestionFact, p: Phrases, pick: (n: number) => number): string[] {
  switch (fact.kind) {
    case 'rating':
      return [];
    case 'recommend':
      return [p.recommend];
    case 'dish': {
      const template = p.dish[pick(p.dish.length)] ?? p.dish[0] ?? '{dish}';
      const main = sentence(withList(fill(template, { dish: fact.name }), fact.reasons));
      const words = fact.comment
        ? [sentence(fill(p.about, { name: fact.name, quote: quote(p, fact.comment) }))]
        : [];
      return [main, ...words];
    }
    case 'staff': {
      const main = sentence(withList(fill(p.staff, { name: fact.name }), fact.tags));
      const words = fact.comment
        ? [sentence(fill(p.about, { name: fact.name, quote: quote(p, fact.comment) }))]
        : [];
      return [main, ...words];
    }
    case 'comment':
      return [];
    case 'why':
      return [];
  }
}

/** G7.9 All ratings in one sentence: "My ratings: Food 5 out of 5 and Service 4 out of 5." */
function ratingSentence(facts: readonly SuggestionFact[], p: Phrases): string[] {
  const items = facts.flatMap((f) =>
    f.kind === 'rating' ? [fill(p.ratingItem, { name: f.name, score: String(f.score) })] : [],
  );
  if (items.length === 0) return [];
  return [sentence(`${p.ratings[items.length === 1 ? 0 : 1]} ${joinList(items, p.and)}`)];
}

/** G7.9 The guest's positive comments, quoted, in one sentence: In my own words: “a” and “b”. */
function commentSentence(facts: readonly SuggestionFact[], p: Phrases): string[] {
  const quoted = facts.flatMap((f) => (f.kind === 'comment' ? [quote(p, f.text)] : []));
  if (quoted.length === 0) return [];
  return [sentence(fill(p.ownWords, { quote: joinList(quoted, p.and) }))];
}

/** G7.21 Each "why" answer in a sentence of its own, beside its question: To the question “…?” I answered yes: “…”. */
const whySentences = (facts: readonly SuggestionFact[], p: Phrases): string[] =>
  facts.flatMap((f) =>
    f.kind === 'why'
      ? [sentence(fill(p.why, { question: quote(p, f.question), quote: quote(p, f.text) }))]
      : [],
  );

/**
 * G7.1–G7.21 A suggested review drafted only from this guest's positive answers, in the survey's
 * language, or notEnough when there are too few. The same input always gives the same text: the
 * phrasing is drawn from `input.random`, by default seeded from the facts themselves. Sentences are
 * added in fact order while the text stays within SUGGESTION_TEXT_MAX.
 */
export function draftReview(input: SuggestionInput): DraftResult {
  const facts = suggestionFacts(input);
  if (facts.length < SUGGESTION_MIN_FACTS) return { notEnough: true };
  const p = PHRASES[input.language];
  const random = input.random ?? seededRandom(hashText(JSON.stringify(facts)));
  const pick = (n: number) => Math.min(n - 1, Math.floor(random() * n));
  const all = [
    ...ratingSentence(facts, p),
    ...facts.flatMap((f) => sentencesOf(f, p, pick)),
    ...commentSentence(facts, p),
    ...whySentences(facts, p),
  ];
  let text = '';
  for (const next of all) {
    const candidate = text === '' ? next : `${text} ${next}`;
    if (Array.from(candidate).length > SUGGESTION_TEXT_MAX) continue;
    text = candidate;
  }
  return { text };
}
