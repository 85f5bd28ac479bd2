import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOAST_STICKY } from '../constants';
import {
  initialToasts,
  isAppUpdatedBannerOpen,
  type ToastAction,
  type ToastsState,
  toastClosesAt,
  toastsReducer,
} from './toasts';

const run = (actions: ToastAction<string>[], from: ToastsState<string> = initialToasts()) =>
  actions.reduce(toastsReducer<string>, from);

describe('toasts', () => {
  it.each([
    [undefined, 4000],
    [3000, 4000],
    [500, 1500],
    [TOAST_STICKY, null],
  ])('G4.75 a toast shown at 1000 ms with timeout %s closes at %s', (timeoutMs, closesAt) => {
    expect(toastClosesAt(1000, timeoutMs)).toBe(closesAt);
  });

  it.each([-1, Number.NaN])('G4.75 timeout %s is refused', (timeoutMs) => {
    expect(() => toastClosesAt(0, timeoutMs)).toThrow(RangeError);
  });

  it('G4.75 a default toast goes after 3000 ms; a sticky one (the outdated-browser warning) stays until dismissed', () => {
    const shown = run([
      { type: 'show', message: 'Saved', now: 0 },
      { type: 'show', message: 'browser.outdated', now: 0, timeoutMs: TOAST_STICKY },
    ]);
    expect(run([{ type: 'tick', now: 2999 }], shown).toasts).toHaveLength(2);
    const later = run([{ type: 'tick', now: 3000 }], shown);
    expect(later.toasts.map((t) => t.message)).toEqual(['browser.outdated']);
    expect(run([{ type: 'tick', now: 1e12 }], later)).toBe(later);
    expect(run([{ type: 'dismiss', id: 2 }], later).toasts).toEqual([]);
  });

  it('G4.75 law: ids are unique and every timed toast is gone once its time is up', () => {
    const action = fc.oneof(
      fc.record({
        type: fc.constant('show' as const),
        message: fc.string(),
        now: fc.nat(10_000),
        timeoutMs: fc.option(fc.nat(5000), { nil: undefined }),
      }),
      fc.record({ type: fc.constant('dismiss' as const), id: fc.nat(20) }),
      fc.record({ type: fc.constant('tick' as const), now: fc.nat(20_000) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        const state = run(actions);
        expect(new Set(state.toasts.map((t) => t.id)).size).toBe(state.toasts.length);
        const after = run([{ type: 'tick', now: 100_000 }], state);
        expect(after.toasts.every((t) => t.closesAt === null)).toBe(true);
      }),
    );
  });

  it.each([
    [0, false, true],
    [4999, false, true],
    [5000, false, false],
    [10, true, false],
  ])('G9.2 the app-updated banner shown at 0, at %i ms (dismissed %s): open %s', (now, dismissed, open) => {
    expect(isAppUpdatedBannerOpen(0, now, dismissed)).toBe(open);
  });
});
