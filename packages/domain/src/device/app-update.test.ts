import { describe, expect, it } from 'vitest';
import { APP_UPDATED_BANNER_MS } from '../constants';
import {
  APPLY_UPDATE_STEPS,
  type AppUpdateEvent,
  afterUpdateReload,
  appUpdateReducer,
  initialAppUpdate,
  updateButtonEnabled,
} from './app-update';

const play = (...events: AppUpdateEvent[]) =>
  events.reduce<{ state: typeof initialAppUpdate; applied: number }>(
    (acc, event) => {
      const result = appUpdateReducer(acc.state, event);
      return { state: result.state, applied: acc.applied + (result.apply.length > 0 ? 1 : 0) };
    },
    { state: initialAppUpdate, applied: 0 },
  );

describe('app update', () => {
  it('D4.50 the update button works only once an update is ready', () => {
    expect(updateButtonEnabled(initialAppUpdate)).toBe(false);
    expect(updateButtonEnabled(play({ type: 'updateFound' }).state)).toBe(true);
    expect(play({ type: 'requestUpdate', surveyInProgress: false }).applied).toBe(0);
  });

  it('D4.51 with no survey in progress the update is applied at once, in the spec’s steps', () => {
    const ready = play({ type: 'updateFound' }).state;
    const result = appUpdateReducer(ready, { type: 'requestUpdate', surveyInProgress: false });
    expect(result.apply).toEqual(['showWait', 'stopSending', 'skipWaiting', 'reloadOnControllerChange']);
    expect(result.apply).toBe(APPLY_UPDATE_STEPS);
    expect(updateButtonEnabled(result.state)).toBe(false);
  });

  it('D4.51 asked during a survey, the update waits for the survey to end, then applies once', () => {
    const waiting = play({ type: 'updateFound' }, { type: 'requestUpdate', surveyInProgress: true });
    expect(waiting.applied).toBe(0);
    expect(waiting.state.deferred).toBe(true);
    const ended = play(
      { type: 'updateFound' },
      { type: 'requestUpdate', surveyInProgress: true },
      { type: 'surveyEnded' },
      { type: 'surveyEnded' },
      { type: 'requestUpdate', surveyInProgress: false },
    );
    expect(ended.applied).toBe(1);
    expect(ended.state).toEqual({ ready: true, deferred: false, applying: true });
  });

  it('D4.51 a survey ending with no update asked for changes nothing', () => {
    expect(play({ type: 'updateFound' }, { type: 'surveyEnded' })).toEqual({
      state: { ready: true, deferred: false, applying: false },
      applied: 0,
    });
  });

  it.each([
    [true, { showBanner: true, bannerMs: APP_UPDATED_BANNER_MS, clearFlag: true }],
    [false, { showBanner: false, bannerMs: APP_UPDATED_BANNER_MS, clearFlag: false }],
  ])('D4.52 after a reload with the refresh flag %s: %j', (flag, expected) => {
    expect(afterUpdateReload(flag)).toEqual(expected);
  });
});
