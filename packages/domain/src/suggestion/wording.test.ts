import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Language, QuestionFormat } from '../enums';
import { seededRandom } from '../random';
import { draftReview } from './draft';
import { positiveNegativeAnswer, type SuggestionInput } from './facts';
import { answers, COMMENTS_QUESTION, dish, input, menuAnswer, question, questions } from './fixtures';
import { fill, PHRASES } from './phrases';
import { cleanQuestion, cleanQuote } from './text';

const textOf = (value: SuggestionInput) => {
  const result = draftReview(value);
  if (!('text' in result)) throw new Error('expected a text');
  return result.text;
};

const PUNCTUATION = '.,;:!?…';
// Guest words: letters, spaces and punctuation anywhere, but no quotation mark (those are the drafter's).
const guestText = fc
  .array(fc.constantFrom(...'abcdefghij  '.split(''), ...PUNCTUATION.split('')), {
    minLength: 1,
    maxLength: 30,
  })
  .map((chars) => `w${chars.join('')}`);
// How guests end what they write: nothing, a full stop, several marks, a dangling comma.
const ending = fc.constantFrom('', '.', '!', '?', '...', '…', '!!', '?!', ',', ';', ':', '. ', ' .');
const comment = fc.tuple(guestText, ending).map(([text, end]) => `${text}${end}`);

const YES_NO_IDS = [21, 22, 23];
const yesNoQuestion = (id: number, text: string) =>
  question(id, {
    text,
    otherQuestionsFormat: QuestionFormat.YES_NO_WHY,
    ynFollowupY: true,
    ynFollowupN: true,
  });

const world = fc.record({
  language: fc.constantFrom(...Language),
  positive: comment,
  dishComment: comment,
  staffComment: comment,
  asked: fc.array(fc.tuple(fc.constantFrom('', '?', '.', ':'), guestText), { minLength: 3, maxLength: 3 }),
  whys: fc.array(fc.record({ yes: fc.boolean(), text: comment }), { minLength: 3, maxLength: 3 }),
  seed: fc.integer(),
});
type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

const questionText = (w: World, i: number) => {
  const [end, text] = w.asked[i] ?? ['', ''];
  return `Q${i}q ${text}${end}`;
};

function inputOf(w: World): SuggestionInput {
  return input(
    {
      questions: [...questions, ...YES_NO_IDS.map((id, i) => yesNoQuestion(id, questionText(w, i)))],
      answers: answers({
        indicators: [{ id: 1, score: 5 }],
        questions: [
          menuAnswer(dish('A1', 3, { comment: w.dishComment })),
          { id: COMMENTS_QUESTION, answer: positiveNegativeAnswer(w.positive, '') },
          ...w.whys.map((why, i) => ({
            id: YES_NO_IDS[i] ?? 0,
            answer: { choices: [why.yes ? 'yes' : 'no'], text: why.text },
          })),
        ],
      }),
      staff: { name: 'Sam', tags: [], comment: w.staffComment },
      random: seededRandom(w.seed),
    },
    w.language,
  );
}

/**
 * The text with every quote of the guest's (and every quoted question) replaced by `Q`, followed by
 * the quoted words' last mark when they end with one: what is left is the punctuation around them.
 */
function skeleton(text: string, w: World): string {
  const [open, close] = PHRASES[w.language].quotes;
  const quoted = [
    cleanQuote(w.positive),
    cleanQuote(w.dishComment),
    cleanQuote(w.staffComment),
    ...w.whys.map((why) => cleanQuote(why.text)),
    ...YES_NO_IDS.map((_, i) => cleanQuestion(questionText(w, i))),
  ].filter((q) => q !== '');
  // Longest first, so a quote that contains another is replaced whole.
  quoted.sort((a, b) => b.length - a.length);
  let rest = text;
  for (const q of quoted) {
    const last = Array.from(q).at(-1) ?? '';
    rest = rest.replaceAll(`${open}${q}${close}`, PUNCTUATION.includes(last) ? `Q${last}` : 'Q');
  }
  return rest;
}

describe('G7.20 no doubled punctuation around the guest’s words (property)', () => {
  it('G7.20 the drafter never adds a mark next to one: “…cosy room.”. cannot happen', () => {
    fc.assert(
      fc.property(world, (w) => {
        const rest = skeleton(textOf(inputOf(w)), w);
        // Every quote was found and replaced: no quotation mark is left over.
        expect(rest).not.toMatch(/[“”„»«]/u);
        expect(rest).not.toMatch(/[.,;:!?…]\s*[.,;:!?…]/u);
        // And the text still ends a sentence.
        expect(rest).toMatch(/[.!?…]$/u);
      }),
      { numRuns: 400 },
    );
  });

  it.each([
    ['a full stop inside the quote', 'Such a cosy room.', 'In my own words: “Such a cosy room.”'],
    ['no full stop: it goes after the quote', 'Such a cosy room', 'In my own words: “Such a cosy room”.'],
    ['an exclamation mark', 'Loved it!', 'In my own words: “Loved it!”'],
    ['a dangling comma is dropped', 'Lovely staff,', 'In my own words: “Lovely staff”.'],
  ])('G7.20 %s', (_name, positive, expected) => {
    const text = textOf(
      input({
        answers: answers({
          indicators: [{ id: 1, score: 5 }],
          questions: [{ id: COMMENTS_QUESTION, answer: positiveNegativeAnswer(positive, '') }],
        }),
      }),
    );
    expect(text.endsWith(expected)).toBe(true);
  });
});

describe('G7.21 a “why is that?” answer is quoted with its question (property)', () => {
  it('G7.21 every why after yes is stated once, in its own sentence beside its question; after no never', () => {
    fc.assert(
      fc.property(world, (w) => {
        const text = textOf(inputOf(w));
        const p = PHRASES[w.language];
        const quote = (q: string) => `${p.quotes[0]}${q}${p.quotes[1]}`;
        w.whys.forEach((why, i) => {
          const words = cleanQuote(why.text);
          const asked = cleanQuestion(questionText(w, i));
          const stated = fill(p.why, { question: quote(asked), quote: quote(words) });
          if (why.yes && words !== '') expect(text).toContain(stated);
          else expect(text).not.toContain(`Q${i}q`);
        });
        // The guest's own-words sentence holds only the positive box, never a why.
        const own = text.split(fill(p.ownWords, { quote: '' }))[1] ?? '';
        const ownSentence = own.split(/(?<=[.!?…][”“»]?) /u)[0] ?? '';
        for (const why of w.whys) {
          const words = cleanQuote(why.text);
          if (words !== '' && words !== cleanQuote(w.positive))
            expect(ownSentence).not.toContain(quote(words));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('G7.21 the demo’s first-visit answer: To the question “Was this your first visit?” I answered yes', () => {
    const text = textOf(
      input({
        questions: [...questions, yesNoQuestion(21, 'Was this your first visit?')],
        answers: answers({
          indicators: [{ id: 1, score: 5 }],
          questions: [{ id: 21, answer: { choices: ['yes'], text: 'Saw it on Instagram' } }],
        }),
      }),
    );
    expect(text).toBe(
      'My rating: Food 5 out of 5. To the question “Was this your first visit?” I answered yes: “Saw it on Instagram”.',
    );
    expect(text).not.toContain('In my own words');
  });
});
