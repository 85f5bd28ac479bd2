import { RATING_MAX } from '../constants';
import type { Language } from '../enums';

/**
 * G7.11 The sentences of a suggested review in the four survey languages. Every sentence states one
 * kind of fact the guest gave; nothing here adds a judgement the guest did not make (no "great
 * evening", no opening line). Dish sentences have variants so that two guests' texts differ; the
 * variants avoid articles and verb agreement, because a dish name may be singular or plural.
 */
export interface Phrases {
  /** Opening of the rating sentence, by number of ratings: one, several. */
  ratings: [one: string, many: string];
  /** One rating inside the list: `{name}` and `{score}`. */
  ratingItem: string;
  and: string;
  recommend: string;
  /** Dish sentences with `{dish}`; one is drawn per dish. */
  dish: readonly string[];
  /** The staff member thanked: `{name}`. */
  staff: string;
  /** The guest's words about a dish or a member: `{name}` and `{quote}` (already in quotation marks). */
  about: string;
  /** A positive comment of the guest: `{quote}`. */
  ownWords: string;
  /**
   * G7.21 The guest's reason for answering yes, beside the question: `{question}` and `{quote}` (both
   * already in quotation marks). No comma after the question: “…visit?”, would double the punctuation.
   */
  why: string;
  /** Opening and closing quotation marks. */
  quotes: [open: string, close: string];
}

export const PHRASES: Record<Language, Phrases> = {
  'en-gb': {
    ratings: ['My rating:', 'My ratings:'],
    ratingItem: `{name} {score} out of ${RATING_MAX}`,
    and: 'and',
    recommend: 'I would recommend it to friends and family.',
    dish: ['I really enjoyed the {dish}', 'A highlight for me was the {dish}', 'I can recommend the {dish}'],
    staff: 'A special thank you to {name}',
    about: 'About {name}: {quote}',
    ownWords: 'In my own words: {quote}',
    why: 'To the question {question} I answered yes: {quote}',
    quotes: ['“', '”'],
  },
  de: {
    ratings: ['Meine Bewertung:', 'Meine Bewertungen:'],
    ratingItem: `{name} {score} von ${RATING_MAX}`,
    and: 'und',
    recommend: 'Ich würde es Freunden und Familie weiterempfehlen.',
    dish: [
      'Ein Highlight für mich: {dish}',
      'Sehr empfehlen kann ich: {dish}',
      'Besonders gut gefallen hat mir: {dish}',
    ],
    staff: 'Ein besonderer Dank geht an {name}',
    about: 'Über {name}: {quote}',
    ownWords: 'In meinen eigenen Worten: {quote}',
    why: 'Auf die Frage {question} habe ich mit Ja geantwortet: {quote}',
    quotes: ['„', '“'],
  },
  it: {
    ratings: ['Il mio voto:', 'I miei voti:'],
    ratingItem: `{name} {score} su ${RATING_MAX}`,
    and: 'e',
    recommend: 'Lo consiglierei ad amici e familiari.',
    dish: ['Ho apprezzato molto: {dish}', 'Per me il piatto migliore: {dish}', 'Consiglio vivamente: {dish}'],
    staff: 'Un ringraziamento speciale a {name}',
    about: 'Su {name}: {quote}',
    ownWords: 'Con parole mie: {quote}',
    why: 'Alla domanda {question} ho risposto di sì: {quote}',
    quotes: ['«', '»'],
  },
  es: {
    ratings: ['Mi puntuación:', 'Mis puntuaciones:'],
    ratingItem: `{name} {score} de ${RATING_MAX}`,
    and: 'y',
    recommend: 'Lo recomendaría a amigos y familiares.',
    dish: ['Me gustó mucho: {dish}', 'Lo mejor para mí: {dish}', 'Recomiendo de verdad: {dish}'],
    staff: 'Un agradecimiento especial a {name}',
    about: 'Sobre {name}: {quote}',
    ownWords: 'En mis propias palabras: {quote}',
    why: 'A la pregunta {question} respondí que sí: {quote}',
    quotes: ['«', '»'],
  },
};

/** Fills `{key}` slots in one pass, so a value that itself contains `{name}` is never filled again. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (slot, key: string) => values[key] ?? slot);
}

/** "a", "a and b", "a, b and c" in the language's words. */
export function joinList(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}
