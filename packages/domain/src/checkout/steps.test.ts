import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RoutePath } from '../checkin/routes';
import {
  type AFTER_SURVEY_STEPS,
  afterSurveyEntry,
  afterSurveySteps,
  countsAsSubmitted,
  nextAfterSurvey,
} from './steps';

const offered = { recommend: true };
const notOffered = { recommend: false };
const web = { appMode: false, savedOnDevice: false };
const steps = [
  RoutePath.CHECKOUT,
  RoutePath.UPLOAD,
  RoutePath.RECOMMEND,
  RoutePath.SHARE,
  RoutePath.THANK_YOU,
] as const;

describe('the steps after the questions', () => {
  it.each([
    [offered, ['/checkout', '/upload', '/recommend', '/share', '/thank-you']],
    [notOffered, ['/checkout', '/upload', '/thank-you']],
  ])('G2.40 steps with %j', (options, steps) => {
    expect(afterSurveySteps(options)).toEqual(steps);
  });

  it.each([
    [RoutePath.CHECKOUT, offered, RoutePath.UPLOAD],
    [RoutePath.UPLOAD, offered, RoutePath.RECOMMEND],
    [RoutePath.UPLOAD, notOffered, RoutePath.THANK_YOU],
    [RoutePath.RECOMMEND, offered, RoutePath.SHARE],
    [RoutePath.SHARE, offered, RoutePath.THANK_YOU],
    [RoutePath.THANK_YOU, offered, RoutePath.THANK_YOU],
  ] as const)('G2.40 after %s (%j) comes %s', (current, options, next) => {
    expect(nextAfterSurvey(current, options)).toBe(next);
  });

  it('G2.40 law: every path from checkout passes each offered step once, in order, and ends at thank-you', () => {
    fc.assert(
      fc.property(fc.boolean(), (recommend) => {
        const options = { recommend };
        const visited: string[] = [RoutePath.CHECKOUT];
        while (visited.at(-1) !== RoutePath.THANK_YOU) {
          visited.push(nextAfterSurvey(visited.at(-1) as (typeof AFTER_SURVEY_STEPS)[number], options));
        }
        expect(visited).toEqual(afterSurveySteps(options));
      }),
    );
  });

  it.each([
    ['nothing finished', RoutePath.UPLOAD, { hasPayload: false, submitted: false, ...web }, offered, 'entry'],
    [
      'nothing finished, thank-you',
      RoutePath.THANK_YOU,
      { hasPayload: false, submitted: false, ...web },
      offered,
      'entry',
    ],
    [
      'checkout with a payload to send',
      RoutePath.CHECKOUT,
      { hasPayload: true, submitted: false, ...web },
      offered,
      RoutePath.CHECKOUT,
    ],
    [
      'upload before the submit answered',
      RoutePath.UPLOAD,
      { hasPayload: true, submitted: false, ...web },
      offered,
      RoutePath.CHECKOUT,
    ],
    [
      'share before the submit answered',
      RoutePath.SHARE,
      { hasPayload: true, submitted: false, ...web },
      offered,
      RoutePath.CHECKOUT,
    ],
  ] as const)('G2.41 %s: %s goes to %s', (_name, step, state, options, target) => {
    expect(afterSurveyEntry(step, state, options)).toBe(target);
  });

  it.each([
    ['recommend not offered', RoutePath.RECOMMEND, notOffered, RoutePath.THANK_YOU],
    ['share not offered', RoutePath.SHARE, notOffered, RoutePath.THANK_YOU],
    ['recommend offered', RoutePath.RECOMMEND, offered, RoutePath.RECOMMEND],
    [
      'checkout after the submit (the voucher and data capture stay reachable)',
      RoutePath.CHECKOUT,
      offered,
      RoutePath.CHECKOUT,
    ],
  ] as const)('G2.42 submitted, %s: %s goes to %s', (_name, step, options, target) => {
    expect(afterSurveyEntry(step, { hasPayload: true, submitted: true, ...web }, options)).toBe(target);
  });

  // A tablet offers neither recommend nor share (G4.66), so its options are `notOffered`.
  it.each([
    ['checkout, saved on the tablet', RoutePath.CHECKOUT, true, true, RoutePath.CHECKOUT],
    ['upload, saved on the tablet', RoutePath.UPLOAD, true, true, RoutePath.UPLOAD],
    ['recommend, saved on the tablet', RoutePath.RECOMMEND, true, true, RoutePath.THANK_YOU],
    ['share, saved on the tablet', RoutePath.SHARE, true, true, RoutePath.THANK_YOU],
    ['thank-you, saved on the tablet', RoutePath.THANK_YOU, true, true, RoutePath.THANK_YOU],
    ['upload, not yet saved on the tablet', RoutePath.UPLOAD, true, false, RoutePath.CHECKOUT],
    ['upload, a stale saved flag on the web', RoutePath.UPLOAD, false, true, RoutePath.CHECKOUT],
  ] as const)('G2.43 %s: %s goes to %s', (_name, step, appMode, savedOnDevice, target) => {
    const state = { hasPayload: true, submitted: false, appMode, savedOnDevice };
    expect(afterSurveyEntry(step, state, notOffered)).toBe(target);
  });

  it('G2.43 law: in app mode a response saved on the tablet goes where an answered one goes; on the web it never counts', () => {
    fc.assert(
      fc.property(fc.constantFrom(...steps), fc.boolean(), fc.boolean(), (step, recommend, hasPayload) => {
        const options = { recommend };
        const answered = { hasPayload, submitted: true, appMode: true, savedOnDevice: false };
        const saved = { hasPayload: true, submitted: false, appMode: true, savedOnDevice: true };
        expect(afterSurveyEntry(step, saved, options)).toBe(afterSurveyEntry(step, answered, options));
        const webSaved = { hasPayload, submitted: false, appMode: false, savedOnDevice: true };
        expect(countsAsSubmitted(webSaved)).toBe(false);
        expect(afterSurveyEntry(step, webSaved, options)).toBe(
          afterSurveyEntry(step, { ...webSaved, savedOnDevice: false }, options),
        );
      }),
    );
  });
});
