import { describe, expect, it } from 'vitest';
import { POLLING_INTERVAL_MS } from '../constants';
import {
  isSurveyInProgress,
  nextSyncAfterPoll,
  POLL_CHECK_INTERVAL_MS,
  type PollInput,
  planPollTick,
  pollDecision,
  pollOnSurveyChange,
} from './polling';

const ready: PollInput = { pollRunning: false, setupComplete: true, online: true, nextSync: 1000, now: 1000 };

describe('polling', () => {
  it.each<[string, Partial<PollInput>, ReturnType<typeof pollDecision>]>([
    ['a poll is running', { pollRunning: true }, { run: false, reason: 'running' }],
    [
      'setup is incomplete',
      { setupComplete: false },
      { run: false, reason: 'registrationNeeded', message: 'device.registrationNeeded' },
    ],
    ['the device is offline', { online: false }, { run: false, reason: 'offline', retryWhenOnline: true }],
    ['nextSync has not passed', { now: 999 }, { run: false, reason: 'notDue' }],
    ['the device never synced', { nextSync: null, now: 0 }, { run: true }],
    ['nextSync is now', {}, { run: true }],
    ['nextSync has passed', { now: 5000 }, { run: true }],
    [
      'running and offline: running wins',
      { pollRunning: true, online: false },
      { run: false, reason: 'running' },
    ],
  ])('D4.14 D4.18 when %s the decision is %j', (_name, patch, expected) => {
    expect(pollDecision({ ...ready, ...patch })).toEqual(expected);
  });

  it('D4.18 the poll is checked every 300000 ms', () => {
    expect(POLL_CHECK_INTERVAL_MS).toBe(POLLING_INTERVAL_MS);
    expect(POLL_CHECK_INTERVAL_MS).toBe(300_000);
  });

  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
  ])(
    'D4.18 each tick first moves held config live (held %s, survey running %s: %s)',
    (held, running, apply) => {
      const tick = planPollTick({ ...ready, hasHeldConfig: held, surveyInProgress: running });
      expect(tick.applyHeldConfig).toBe(apply);
      expect(tick.poll).toEqual({ run: true });
    },
  );

  it('D4.19 a successful poll schedules the next cron time plus spread; a failed one keeps nextSync', () => {
    const base = {
      previous: 1000,
      core: null,
      now: new Date('2025-06-01T12:00:00Z'),
      timeZone: 'UTC',
      random: () => 0,
    };
    expect(nextSyncAfterPoll({ ...base, ok: true })).toBe(Date.parse('2025-06-02T05:20:00Z'));
    expect(nextSyncAfterPoll({ ...base, ok: false })).toBe(1000);
    const core = { schedules: [{ what: 'sync', when: '0 * * * *', spread: 0 }] };
    expect(nextSyncAfterPoll({ ...base, core, ok: true })).toBe(Date.parse('2025-06-01T13:00:00Z'));
  });

  it.each([
    [null, false],
    [undefined, false],
    [0, false],
    ['', false],
    [12, true],
    ['survey-3', true],
  ])('D4.13 survey id %j: in progress %s', (id, inProgress) => {
    expect(isSurveyInProgress(id)).toBe(inProgress);
  });

  it.each([
    [12, null, true],
    [12, 0, true],
    [null, 12, false],
    [12, 13, false],
    [null, null, false],
  ])('D4.13 survey %j → %j triggers a poll: %s', (previous, next, poll) => {
    expect(pollOnSurveyChange(previous, next)).toBe(poll);
  });
});
