import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterPinAttempt,
  idleOutcome,
  idlePhase,
  idleWatchActive,
  KIOSK_IDLE_DEFAULT_MS,
  NO_STAFF_PIN_LOCK,
  STAFF_PIN_LOCK_MS,
  STAFF_PIN_MAX_FAILURES,
  type StaffPinLock,
  staffLockRemaining,
  THANKS_RETURN_CHOICES_MS,
  THANKS_RETURN_DEFAULT_MS,
  thanksSecondsLeft,
} from './kiosk';

const T = 1_800_000_000_000;
const wrong = (times: number, lock: StaffPinLock = NO_STAFF_PIN_LOCK, now = T) =>
  Array.from({ length: times }).reduce<StaffPinLock>(
    (current) => afterPinAttempt(current, 'invalidPin', now),
    lock,
  );

describe('staff sign-in lock', () => {
  it.each([
    [1, { failures: 1, lockedUntil: null }],
    [4, { failures: 4, lockedUntil: null }],
    [5, { failures: 0, lockedUntil: T + STAFF_PIN_LOCK_MS }],
  ])('D4.58 %i wrong PINs in a row give %j', (times, expected) => {
    expect(wrong(times)).toEqual(expected);
  });

  it.each([
    ['ok', NO_STAFF_PIN_LOCK],
    ['other', { failures: 3, lockedUntil: null }],
  ] as const)('D4.58 after 3 wrong PINs an attempt ending %s gives %j', (outcome, expected) => {
    expect(afterPinAttempt(wrong(3), outcome, T)).toEqual(expected);
  });

  it.each([
    [0, STAFF_PIN_LOCK_MS],
    [STAFF_PIN_LOCK_MS - 1, 1],
    [STAFF_PIN_LOCK_MS, 0],
    [STAFF_PIN_LOCK_MS + 1, 0],
  ])('D4.58 %i ms after the lock, %i ms remain', (after, remaining) => {
    expect(staffLockRemaining(wrong(5), T + after)).toBe(remaining);
  });

  it('D4.58 attempts while locked change nothing, even a right PIN', () => {
    const locked = wrong(5);
    expect(afterPinAttempt(locked, 'ok', T + 1000)).toBe(locked);
    expect(afterPinAttempt(locked, 'invalidPin', T + 1000)).toBe(locked);
  });

  it('D4.58 once the lock has passed, five more wrong PINs are needed to lock again', () => {
    const later = T + STAFF_PIN_LOCK_MS;
    expect(wrong(4, wrong(5), later)).toEqual({ failures: 4, lockedUntil: null });
    expect(staffLockRemaining(wrong(5, wrong(5), later), later)).toBe(STAFF_PIN_LOCK_MS);
  });

  it('D4.58 property: within one lock period no run of attempts checks more than 5 wrong PINs in a row', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('ok', 'invalidPin', 'other'), { maxLength: 40 }), (outcomes) => {
        let lock = NO_STAFF_PIN_LOCK;
        let counted = 0;
        for (const outcome of outcomes) {
          const open = staffLockRemaining(lock, T) === 0;
          if (open && outcome === 'invalidPin') counted++;
          if (open && outcome === 'ok') counted = 0;
          // All at the same instant, so a lock never passes: at most 5 wrong guesses since a success.
          expect(counted).toBeLessThanOrEqual(STAFF_PIN_MAX_FAILURES);
          lock = afterPinAttempt(lock, outcome, T);
        }
      }),
    );
  });
});

describe('kiosk idle reset', () => {
  const idle = KIOSK_IDLE_DEFAULT_MS;
  it.each([
    [0, { phase: 'active' }],
    [idle - 20_001, { phase: 'active' }],
    [idle - 20_000, { phase: 'countdown', secondsLeft: 20 }],
    [idle - 1, { phase: 'countdown', secondsLeft: 1 }],
    [idle, { phase: 'expired' }],
  ])('D4.59 %i ms after the last input the phase is %j', (after, phase) => {
    expect(idlePhase(T, T + after)).toEqual(phase);
  });

  it('D4.59 an idle time shorter than the countdown counts down all the way', () => {
    expect(idlePhase(T, T, 10_000)).toEqual({ phase: 'countdown', secondsLeft: 10 });
  });

  it.each([
    ['/questions', true, false, true],
    ['/check_in/team_member_receipt_pin_entry', true, false, true],
    ['/upload', true, true, true],
    ['/checkout', true, true, false],
    ['/checkout', false, true, true],
    ['/recommend', false, true, true],
    ['/share', false, true, true],
    ['/thank-you', false, true, false],
    ['/staff', false, false, false],
    ['/register', false, false, false],
    ['/privacy', true, false, false],
  ])(
    'D4.60 on %s (in progress %s, payload %s) the idle watch runs: %s',
    (path, surveyInProgress, hasCreatePayload, active) => {
      expect(idleWatchActive({ path, surveyInProgress, hasCreatePayload })).toBe(active);
    },
  );

  it.each([
    [true, true, 'keep'],
    [true, false, 'discard'],
    [false, true, 'leave'],
    [false, false, 'leave'],
  ] as const)(
    'D4.61 in progress %s with a create payload %s: %s',
    (surveyInProgress, hasCreatePayload, outcome) => {
      expect(idleOutcome({ path: '/upload', surveyInProgress, hasCreatePayload })).toBe(outcome);
    },
  );
});

describe('thank-you return on a tablet', () => {
  it.each([
    [0, THANKS_RETURN_DEFAULT_MS, 10],
    [1, THANKS_RETURN_DEFAULT_MS, 10],
    [999, THANKS_RETURN_DEFAULT_MS, 10],
    [1000, THANKS_RETURN_DEFAULT_MS, 9],
    [9_001, THANKS_RETURN_DEFAULT_MS, 1],
    [10_000, THANKS_RETURN_DEFAULT_MS, 0],
    [60_000, THANKS_RETURN_DEFAULT_MS, 0],
    [0, 5_000, 5],
    [4_500, 5_000, 1],
    [5_000, 5_000, 0],
  ])('D4.62 %i ms after the thank-you shows, with a delay of %i ms, %i s remain', (after, delay, left) => {
    expect(thanksSecondsLeft(T, T + after, delay)).toBe(left);
  });

  it('D4.62 the default delay is short and one of the choices staff may make', () => {
    expect(THANKS_RETURN_DEFAULT_MS).toBe(10_000);
    expect(THANKS_RETURN_CHOICES_MS).toContain(THANKS_RETURN_DEFAULT_MS);
  });

  it('D4.62 property: the seconds left never grow as time passes and reach 0 at the delay', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...THANKS_RETURN_CHOICES_MS),
        fc.nat(120_000),
        fc.nat(120_000),
        (delay, a, b) => {
          const [early, late] = a <= b ? [a, b] : [b, a];
          expect(thanksSecondsLeft(T, T + late, delay)).toBeLessThanOrEqual(
            thanksSecondsLeft(T, T + early, delay),
          );
          expect(thanksSecondsLeft(T, T + delay, delay)).toBe(0);
        },
      ),
    );
  });
});
