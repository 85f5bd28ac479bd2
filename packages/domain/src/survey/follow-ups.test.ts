import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random';
import type { Question } from '../schemas/question';
import { followUpsStayWithAnchors, q } from './fixtures';
import {
  type FollowUpInput,
  hasContent,
  insertFollowUps,
  orderFollowUps,
  triggersFollowUps,
} from './follow-ups';
import type { BuiltSection, QuestionAnswer } from './types';

const section = (sectionId: string, ...ids: number[]): BuiltSection => ({
  sectionId,
  entries: ids.map((questionId) => ({ questionId, anchorId: null, parentId: null })),
});
const ids = (built: readonly BuiltSection[]) => built.map((s) => s.entries.map((e) => e.questionId));
const index = (...questions: Question[]) => new Map(questions.map((x) => [x.id, x]));

function insert(
  built: BuiltSection[],
  questions: Question[],
  parentIds: number[],
  fields: Partial<FollowUpInput> = {},
) {
  const answers: Record<number, QuestionAnswer> = Object.fromEntries(
    parentIds.map((id) => [id, { choices: [1] }]),
  );
  const visible = new Set(built.flatMap((s) => s.entries.map((e) => e.questionId)));
  return insertFollowUps(built, {
    parentIds,
    answers,
    byId: index(...questions),
    visible,
    random: seededRandom(7),
    ...fields,
  });
}

describe('G4.10 what triggers follow-ups', () => {
  const parent = q(1, { followUpQuestions: [2] });
  const picky = q(1, { followUpQuestions: [2], followUpTriggers: [3, 'no'] });
  it.each([
    ['any answer with no triggers', parent, { choices: [5] }, true],
    ['text counts as an answer', parent, { text: 'slow' }, true],
    ['blank text is no answer', parent, { text: '   ' }, false],
    ['not applicable is no answer', parent, { choices: [1], notApplicable: true }, false],
    ['no answer', parent, undefined, false],
    ['a listed choice', picky, { choices: [1, 3] }, true],
    ['a listed text choice', picky, { choices: ['no'] }, true],
    ['ids compare as text', picky, { choices: ['3'] }, true],
    ['an unlisted choice', picky, { choices: [1, 2] }, false],
    ['text alone with triggers', picky, { text: 'why' }, false],
    [
      'a dish rating that is listed',
      picky,
      { extra: { menuInsight: [{ ref: 'P1', aspectRatingId: 3 as const, reasons: [] }] } },
      true,
    ],
    [
      'a saved service with no triggers',
      parent,
      { extra: { services: [{ id: 'food', answers: [{ id: 'score', value: 2 }] }] } },
      true,
    ],
    ['a question without follow-ups', q(1), { choices: [1] }, false],
  ])('%s', (_name, question, answer, expected) => {
    expect(triggersFollowUps(question, answer as QuestionAnswer | undefined)).toBe(expected);
  });
  it('an empty dish list is no answer, nor an empty service list', () => {
    expect(hasContent({ extra: { menuInsight: [] } })).toBe(false);
    expect(hasContent({ extra: { services: [] } })).toBe(false);
  });
});

describe('G4.11 follow-ups by weight, random tie-break', () => {
  const followUps = [
    q(11, { weight: 55 }),
    q(12, { weight: 70 }),
    q(13, { weight: 55 }),
    q(14, { weight: 10 }),
  ];
  it('weight descending', () => {
    const order = orderFollowUps(followUps, seededRandom(1)).map((x) => x.weight);
    expect(order).toEqual([70, 55, 55, 10]);
  });
  it('equal weights come in either order, decided by the injected random source', () => {
    const orders = new Set(
      Array.from({ length: 40 }, (_, seed) =>
        orderFollowUps(followUps, seededRandom(seed))
          .map((x) => x.id)
          .join(),
      ),
    );
    expect(orders).toEqual(new Set(['12,11,13,14', '12,13,11,14']));
    // Same seed, same order.
    expect(orderFollowUps(followUps, seededRandom(5))).toEqual(orderFollowUps(followUps, seededRandom(5)));
  });
  it('does not reorder its input', () => {
    orderFollowUps(followUps, seededRandom(3));
    expect(followUps.map((x) => x.id)).toEqual([11, 12, 13, 14]);
  });
});

describe('G4.12 where follow-ups go', () => {
  const parent = q(1, { weight: 60, followUpQuestions: [11, 12] });
  it('right after their question, heaviest first, before the questions after it', () => {
    const built = insert(
      [section('main', 1, 2, 3)],
      [parent, q(2), q(3), q(11, { weight: 40 }), q(12, { weight: 90 })],
      [1],
    );
    expect(ids(built)).toEqual([[1, 12, 11, 2, 3]]);
    expect(built[0]?.entries[1]).toEqual({ questionId: 12, anchorId: 1, parentId: 1 });
  });
  it('a linked question goes after its linked question, not its parent', () => {
    const linked = q(11, { weight: 40, linkedQuestion: 3 });
    const built = insert([section('main', 1, 2, 3, 4)], [parent, q(2), q(3), q(4), linked, q(12)], [1]);
    expect(ids(built)).toEqual([[1, 12, 2, 3, 11, 4]]);
    expect(built[0]?.entries[4]).toEqual({ questionId: 11, anchorId: 3, parentId: 1 });
  });
  it('a linked question passes the linked question’s heavier follow-ups and stops at the first not heavier', () => {
    const plan: BuiltSection = {
      sectionId: 'main',
      entries: [
        { questionId: 3, anchorId: null, parentId: null },
        { questionId: 31, anchorId: 3, parentId: 3 },
        { questionId: 311, anchorId: 31, parentId: 31 },
        { questionId: 32, anchorId: 3, parentId: 3 },
        { questionId: 4, anchorId: null, parentId: null },
      ],
    };
    const questions = [
      q(1, { followUpQuestions: [11] }),
      q(3),
      q(31, { weight: 80 }),
      q(311, { weight: 5 }),
      q(32, { weight: 50 }),
      q(4, { weight: 99 }),
      q(11, { weight: 50, linkedQuestion: 3 }),
    ];
    const built = insert([section('first', 1), plan], questions, [1]);
    // Past 31 (80) and its own follow-up 311; before 32, whose 50 is not higher; never past the block into 4.
    expect(ids(built)).toEqual([[1], [3, 31, 311, 11, 32, 4]]);
  });
  it('a linked question that is not shown falls back to the parent', () => {
    const linked = q(11, { linkedQuestion: 3 });
    const built = insert([section('main', 1, 2, 3)], [parent, q(2), q(3), linked], [1], {
      visible: new Set([1, 2]),
    });
    expect(ids(built)).toEqual([[1, 11, 2, 3]]);
  });
  it('a linked question in another section joins that section', () => {
    const linked = q(11, { linkedQuestion: 5 });
    const built = insert([section('a', 1, 2), section('b', 5, 6)], [parent, q(2), q(5), q(6), linked], [1]);
    expect(ids(built)).toEqual([
      [1, 2],
      [5, 11, 6],
    ]);
  });
});

describe('G4.14 follow-ups are inserted once, only when triggered', () => {
  it('a question already in the plan is not inserted again', () => {
    const a = q(1, { followUpQuestions: [2, 11] });
    const b = q(3, { followUpQuestions: [11] });
    const built = insert([section('main', 1, 2, 3)], [a, q(2), b, q(11)], [1, 3]);
    expect(ids(built)).toEqual([[1, 11, 2, 3]]);
  });
  it('unknown ids and a question following itself are skipped', () => {
    const a = q(1, { followUpQuestions: [1, 404] });
    expect(ids(insert([section('main', 1)], [a], [1]))).toEqual([[1]]);
  });
  it('nothing is inserted without a triggering answer, and the input is not changed', () => {
    const built = [section('main', 1, 2)];
    const out = insert(built, [q(1, { followUpQuestions: [11] }), q(2), q(11)], [1], {
      answers: { 1: { notApplicable: true } },
    });
    expect(ids(out)).toEqual([[1, 2]]);
    const changed = insert(built, [q(1, { followUpQuestions: [11] }), q(2), q(11)], [1]);
    expect(ids(changed)).toEqual([[1, 11, 2]]);
    expect(ids(built)).toEqual([[1, 2]]);
  });
});

describe('G4.13 law: a follow-up is directly after its parent or linked question', () => {
  it('G4.13 holds after any sequence of insertions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.array(
          fc.record({
            parent: fc.nat(),
            weight: fc.integer({ min: 0, max: 5 }),
            linked: fc.option(fc.nat()),
          }),
          {
            maxLength: 20,
          },
        ),
        fc.integer(),
        (baseCount, specs, seed) => {
          const random = seededRandom(seed);
          let built: BuiltSection[] = [section('a', ...Array.from({ length: baseCount }, (_, i) => i + 1))];
          const questions = new Map<number, Question>();
          for (let i = 1; i <= baseCount; i++) questions.set(i, q(i, { weight: (i * 7) % 5 }));
          let next = 100;
          for (const spec of specs) {
            const planned = built.flatMap((s) => s.entries.map((e) => e.questionId));
            const parentId = planned[spec.parent % planned.length] as number;
            const linked = spec.linked === null ? null : (planned[spec.linked % planned.length] as number);
            const id = next++;
            questions.set(id, q(id, { weight: spec.weight, linkedQuestion: linked }));
            const parent = questions.get(parentId) as Question;
            questions.set(parentId, { ...parent, followUpQuestions: [id] });
            built = insertFollowUps(built, {
              parentIds: [parentId],
              answers: { [parentId]: { text: 'yes' } },
              byId: questions,
              visible: new Set(planned),
              random,
            });
            if (!followUpsStayWithAnchors(built)) return false;
          }
          return built[0]?.entries.length === baseCount + specs.length;
        },
      ),
    );
  });
});
