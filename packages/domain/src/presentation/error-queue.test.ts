import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_QUEUE_DELAY_MS } from '../constants';
import {
  type ErrorQueueAction,
  type ErrorQueueState,
  errorQueueReducer,
  initialErrorQueue,
} from './error-queue';

const run = (actions: ErrorQueueAction<string>[], from: ErrorQueueState<string> = initialErrorQueue()) =>
  actions.reduce(errorQueueReducer<string>, from);

describe('error queue', () => {
  it('G4.73 a new error shows at once; one arriving while it shows waits', () => {
    const first = run([{ type: 'push', error: 'a', now: 0 }]);
    expect(first).toEqual({ shown: 'a', waiting: [], showNextAt: null });
    expect(run([{ type: 'push', error: 'b', now: 10 }], first)).toEqual({
      shown: 'a',
      waiting: ['b'],
      showNextAt: null,
    });
  });

  it('G4.74 clearing shows the next error 200 ms later, not before', () => {
    const cleared = run([
      { type: 'push', error: 'a', now: 0 },
      { type: 'push', error: 'b', now: 1 },
      { type: 'clear', now: 100 },
    ]);
    expect(cleared).toEqual({ shown: null, waiting: ['b'], showNextAt: 100 + ERROR_QUEUE_DELAY_MS });
    expect(run([{ type: 'tick', now: 299 }], cleared).shown).toBeNull();
    expect(run([{ type: 'tick', now: 300 }], cleared)).toEqual({ shown: 'b', waiting: [], showNextAt: null });
  });

  it('G4.74 an error arriving during the pause waits behind the queued one', () => {
    const state = run([
      { type: 'push', error: 'a', now: 0 },
      { type: 'push', error: 'b', now: 1 },
      { type: 'clear', now: 100 },
      { type: 'push', error: 'c', now: 150 },
    ]);
    expect(state).toEqual({ shown: null, waiting: ['b', 'c'], showNextAt: 300 });
    expect(run([{ type: 'push', error: 'd', now: 500 }], state)).toEqual({
      shown: 'b',
      waiting: ['c', 'd'],
      showNextAt: null,
    });
  });

  it('G4.73 clearing the last error leaves nothing pending; clearing nothing changes nothing', () => {
    const state = run([
      { type: 'push', error: 'a', now: 0 },
      { type: 'clear', now: 5 },
    ]);
    expect(state).toEqual(initialErrorQueue());
    expect(run([{ type: 'clear', now: 6 }], state)).toBe(state);
    expect(run([{ type: 'push', error: 'b', now: 7 }], state).shown).toBe('b');
  });

  it('G4.73 G4.74 law: one error at a time, in arrival order, none lost, 200 ms apart after a clear', () => {
    const step = fc.tuple(fc.constantFrom('push', 'clear', 'tick'), fc.integer({ min: 0, max: 300 }));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let state = initialErrorQueue<number>();
        let now = 0;
        let pushed = 0;
        const seen: number[] = [];
        let clearedAt: number | null = null;
        const apply = (action: ErrorQueueAction<number>) => {
          const before = state.shown;
          state = errorQueueReducer(state, action);
          if (state.shown !== null && state.shown !== before) {
            seen.push(state.shown);
            // A queued error shows no sooner than 200 ms after the clear that made room for it.
            if (clearedAt !== null && action.type !== 'push')
              expect(now - clearedAt).toBeGreaterThanOrEqual(200);
          }
          if (action.type === 'clear' && before !== null) clearedAt = now;
        };
        for (const [type, wait] of steps) {
          now += wait;
          if (type === 'push') apply({ type, error: pushed++, now });
          else apply({ type, now });
        }
        // Drain: clear and let time pass until nothing is left.
        for (let i = 0; i <= pushed; i += 1) {
          now += ERROR_QUEUE_DELAY_MS;
          apply({ type: 'tick', now });
          apply({ type: 'clear', now });
        }
        expect(seen).toEqual(Array.from({ length: pushed }, (_, i) => i));
        expect(state).toEqual(initialErrorQueue());
      }),
    );
  });
});
