import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_SURVEYS } from '../../../../apps/server/src/db/seed/demo-surveys';
import { AspectRating } from '../enums';
import type { MenuInsightConfig } from '../schemas/question';
import {
  canFinishDish,
  type DishAction,
  hasUnsavedDishAnswers,
  initialMenuInsightState,
  type MenuInsightState,
  menuInsightReducer,
} from './dish';
import { offeredReasons } from './show-if';
import { menuInsightConfig as withFollowUp } from './test-fixtures';

const { BAD, NEUTRAL, GOOD } = AspectRating;
const noFollowUp: MenuInsightConfig = { ...withFollowUp, followUpQuestion: false };

const run = (config: MenuInsightConfig, actions: DishAction[], from = initialMenuInsightState()) =>
  actions.reduce((state, action) => menuInsightReducer(config, state, action), from);
const rate = (ref: string, rating: AspectRating): DishAction => ({ type: 'rate', ref, rating });

describe('menu-insight dish', () => {
  it.each([
    ['without follow-ups', noFollowUp, null],
    ['with follow-ups', withFollowUp, 'soup'],
  ])('G4.40 a rating selects the dish (%s)', (_name, config, dialogRef) => {
    const state = run(config, [rate('soup', GOOD)]);
    expect(state.responses.soup).toEqual({ ref: 'soup', aspectRatingId: GOOD, reasons: [] });
    expect(state.dialog?.ref ?? null).toBe(dialogRef);
  });

  it.each([
    // presses, follow-ups?, rating left
    [[GOOD], false, GOOD],
    [[GOOD, GOOD], false, undefined],
    [[GOOD, BAD], false, BAD],
    [[GOOD, GOOD, GOOD], false, GOOD],
    [[GOOD, GOOD], true, GOOD],
  ] as const)('G4.41 pressing %j (follow-ups: %s) leaves rating %s', (presses, followUps, left) => {
    const config = followUps ? withFollowUp : noFollowUp;
    // Each press is made from the list, so any dialog the previous press opened is closed first.
    let state = initialMenuInsightState();
    for (const rating of presses) state = run(config, [{ type: 'close' }, rate('soup', rating)], state);
    expect(state.responses.soup?.aspectRatingId).toBe(left);
  });

  it('G4.41 law: without follow-ups, pressing the same rating twice restores the responses', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.constantFrom(BAD, NEUTRAL, GOOD)),
        fc.constantFrom('a', 'b', 'c', 'd'),
        fc.constantFrom(BAD, NEUTRAL, GOOD),
        (ratings, ref, rating) => {
          const start = run(
            noFollowUp,
            Object.entries(ratings).map(([dish, value]) => rate(dish, value)),
          );
          const previous = start.responses[ref]?.aspectRatingId;
          const once = run(noFollowUp, [rate(ref, rating)], start);
          const twice = run(noFollowUp, [rate(ref, rating)], once);
          if (previous === rating) expect(once.responses[ref]).toBeUndefined();
          else expect(twice.responses[ref]).toBeUndefined();
          expect(Object.keys(once.responses).filter((k) => k !== ref)).toEqual(
            Object.keys(start.responses).filter((k) => k !== ref),
          );
        },
      ),
    );
  });

  it('G4.42 with follow-ups the dialog opens after rating; without sub-questions it does not', () => {
    expect(run(withFollowUp, [rate('soup', BAD)]).dialog).toEqual({
      ref: 'soup',
      draft: { reasons: [], comment: '' },
      confirmingClose: false,
    });
    const empty = { ...withFollowUp, subQuestions: [] };
    expect(run(empty, [rate('soup', BAD)]).dialog).toBeNull();
    expect(run(noFollowUp, [{ type: 'open', ref: 'soup' }]).dialog).toBeNull();
  });

  it('G4.42 while a dialog is open, other dishes cannot be rated', () => {
    const state = run(withFollowUp, [rate('soup', BAD), rate('cake', GOOD)]);
    expect(state.responses.cake).toBeUndefined();
    expect(state.dialog?.ref).toBe('soup');
  });

  it('G4.49 a rating changed inside the dialog applies at once; sub-answers wait for Done', () => {
    const state = run(withFollowUp, [
      rate('soup', BAD),
      { type: 'toggleReason', reasonId: 2 },
      rate('soup', NEUTRAL),
      { type: 'setComment', comment: 'Lukewarm' },
    ]);
    expect(state.responses.soup).toEqual({ ref: 'soup', aspectRatingId: NEUTRAL, reasons: [] });
    expect(state.dialog?.draft).toEqual({ reasons: [2], comment: 'Lukewarm' });
    const discarded = run(withFollowUp, [{ type: 'close' }, { type: 'confirmClose' }], state);
    expect(discarded).toEqual({ responses: state.responses, dialog: null });
  });

  it('G4.43 Clear removes the response and closes the dialog', () => {
    const state = run(withFollowUp, [
      rate('soup', BAD),
      { type: 'toggleReason', reasonId: 2 },
      { type: 'clear' },
    ]);
    expect(state).toEqual({ responses: {}, dialog: null });
  });

  it('G4.44 Done is enabled only once the dish has a response, and saves the sub-answers', () => {
    let state = run(withFollowUp, [{ type: 'open', ref: 'soup' }]);
    expect(canFinishDish(state)).toBe(false);
    expect(run(withFollowUp, [{ type: 'done' }], state)).toBe(state);
    state = run(withFollowUp, [
      rate('soup', BAD),
      { type: 'toggleReason', reasonId: 3 },
      { type: 'setComment', comment: 'Too salty' },
    ]);
    expect(canFinishDish(state)).toBe(true);
    state = run(withFollowUp, [{ type: 'done' }], state);
    expect(state).toEqual({
      responses: { soup: { ref: 'soup', aspectRatingId: BAD, reasons: [3], comment: 'Too salty' } },
      dialog: null,
    });
  });

  it('G4.46 a reason not offered for the rating cannot be ticked, and a new rating drops old reasons', () => {
    let state = run(withFollowUp, [rate('soup', BAD), { type: 'toggleReason', reasonId: 1 }]);
    expect(state.dialog?.draft.reasons).toEqual([]);
    state = run(
      withFollowUp,
      [{ type: 'toggleReason', reasonId: 2 }, { type: 'toggleReason', reasonId: 3 }, { type: 'done' }],
      state,
    );
    state = run(withFollowUp, [rate('soup', NEUTRAL)], state);
    expect(state.responses.soup?.reasons).toEqual([2]);
    expect(state.dialog?.draft.reasons).toEqual([2]);
  });

  it('G4.46 ticking a reason twice unticks it', () => {
    const tick: DishAction = { type: 'toggleReason', reasonId: 3 };
    expect(run(withFollowUp, [rate('soup', BAD), tick]).dialog?.draft.reasons).toEqual([3]);
    expect(run(withFollowUp, [rate('soup', BAD), tick, tick]).dialog?.draft.reasons).toEqual([]);
  });

  it('G4.47 the demo dish comment is required, yet Done needs only a rating', () => {
    const demo = DEMO_SURVEYS[0]?.questions.find((q) => q.menuInsight !== null)?.menuInsight;
    if (!demo) throw new Error('demo-bistro has a menu-insight question');
    expect(demo.subQuestions.find((q) => q.type === 'comments')?.required).toBe(true);
    const state = run(demo, [rate('burger', GOOD)]);
    expect(canFinishDish(state)).toBe(true);
    expect(run(demo, [{ type: 'done' }], state).responses.burger).toEqual({
      ref: 'burger',
      aspectRatingId: GOOD,
      reasons: [],
    });
  });

  it('G4.48 closing with unsaved sub-answers asks first; Cancel returns, confirm discards them', () => {
    const saved = run(withFollowUp, [
      rate('soup', BAD),
      { type: 'toggleReason', reasonId: 2 },
      { type: 'done' },
    ]);
    const edited = run(withFollowUp, [rate('soup', BAD), { type: 'setComment', comment: 'x' }], saved);
    expect(hasUnsavedDishAnswers(edited)).toBe(true);
    const asking = run(withFollowUp, [{ type: 'close' }], edited);
    expect(asking.dialog?.confirmingClose).toBe(true);
    expect(run(withFollowUp, [{ type: 'cancelClose' }], asking).dialog).toEqual(edited.dialog);
    expect(run(withFollowUp, [{ type: 'confirmClose' }], asking)).toEqual({ ...saved, dialog: null });
  });

  it('G4.48 closing without changes closes at once', () => {
    const state = run(withFollowUp, [rate('soup', GOOD), { type: 'close' }]);
    expect(state.dialog).toBeNull();
    expect(state.responses.soup?.aspectRatingId).toBe(GOOD);
  });

  const action: fc.Arbitrary<DishAction> = fc.oneof(
    fc.record({
      type: fc.constant('rate' as const),
      ref: fc.constantFrom('a', 'b'),
      rating: fc.constantFrom(BAD, NEUTRAL, GOOD),
    }),
    fc.record({ type: fc.constant('open' as const), ref: fc.constantFrom('a', 'b') }),
    fc.record({ type: fc.constant('toggleReason' as const), reasonId: fc.integer({ min: 1, max: 5 }) }),
    fc.record({ type: fc.constant('setComment' as const), comment: fc.string({ maxLength: 3 }) }),
    fc.constantFrom<DishAction>(
      { type: 'clear' },
      { type: 'done' },
      { type: 'close' },
      { type: 'confirmClose' },
      { type: 'cancelClose' },
    ),
  );

  it('G4.46 G4.44 law: saved reasons are always offered for the saved rating; a closed dialog leaves nothing unsaved', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(action, { maxLength: 40 }), (followUps, actions) => {
        const config = followUps ? withFollowUp : noFollowUp;
        let state: MenuInsightState = initialMenuInsightState();
        for (const next of actions) {
          state = menuInsightReducer(config, state, next);
          for (const response of Object.values(state.responses)) {
            const offered = offeredReasons(config, response.aspectRatingId).map((r) => r.id);
            expect(response.reasons.every((id) => offered.includes(id))).toBe(true);
          }
          if (!followUps) expect(state.dialog).toBeNull();
          if (state.dialog === null) expect(hasUnsavedDishAnswers(state)).toBe(false);
        }
      }),
    );
  });
});
