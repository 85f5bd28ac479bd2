import { describe, expect, it } from 'vitest';
import {
  nextWebhookAttempt,
  WEBHOOK_RETRY_WINDOW_MS,
  webhookCreateSchema,
  webhookUpdateSchema,
  webhookUrlProblem,
} from './webhooks';

const FIRST = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(FIRST.getTime() + ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe('O10.1 a failed delivery is tried again on the Standard Webhooks schedule for 24 hours', () => {
  it.each([
    // attempts made, last attempt (after the first), next attempt (after the first) or null
    [1, 0, 5 * S],
    [2, 5 * S, 5 * S + 5 * M],
    [3, 5 * S + 5 * M, 5 * S + 35 * M],
    [4, 5 * S + 35 * M, 5 * S + 2 * H + 35 * M],
    [5, 5 * S + 2 * H + 35 * M, 5 * S + 7 * H + 35 * M],
    [6, 5 * S + 7 * H + 35 * M, 5 * S + 17 * H + 35 * M],
    // The next 10 h pause would pass the 24 h mark: the last attempt is made at the mark.
    [7, 5 * S + 17 * H + 35 * M, 24 * H],
    [8, 24 * H, null],
  ] as const)('after attempt %i at +%i ms the next is at +%s ms', (made, last, next) => {
    const answer = nextWebhookAttempt(FIRST, at(last), made);
    expect(answer === null ? null : answer.getTime() - FIRST.getTime()).toBe(next);
  });

  it('walks the whole day in 8 attempts, never past the window', () => {
    const times = [FIRST];
    for (;;) {
      const last = times.at(-1) as Date;
      const next = nextWebhookAttempt(FIRST, last, times.length);
      if (!next) break;
      expect(next.getTime()).toBeGreaterThan(last.getTime());
      times.push(next);
    }
    expect(times).toHaveLength(8);
    expect((times.at(-1) as Date).getTime() - FIRST.getTime()).toBe(WEBHOOK_RETRY_WINDOW_MS);
  });

  it('a scale shortens the pauses and the window alike', () => {
    expect(nextWebhookAttempt(FIRST, FIRST, 1, 0.001)?.getTime()).toBe(FIRST.getTime() + 5);
    expect(nextWebhookAttempt(FIRST, at(86_400), 8, 0.001)).toBeNull();
  });
});

describe('O10.2 a webhook URL is absolute https without credentials', () => {
  it.each([
    ['https://hooks.example.com/in', false, null],
    ['https://hooks.example.com:8443/in?x=1', false, null],
    ['http://hooks.example.com/in', false, 'https_required'],
    ['http://127.0.0.1:3000/in', true, null],
    ['ftp://hooks.example.com/in', true, 'invalid'],
    ['javascript:alert(1)', false, 'invalid'],
    ['hooks.example.com/in', false, 'invalid'],
    ['https://user:pw@hooks.example.com/in', false, 'credentials'],
    ['https://hooks.example.com/in#part', false, 'invalid'],
    [`https://hooks.example.com/${'a'.repeat(2000)}`, false, 'too_long'],
  ] as const)('%s (http allowed: %s) → %s', (url, allowHttp, problem) => {
    expect(webhookUrlProblem(url, allowHttp)).toBe(problem);
  });
});

describe('O10.3 a webhook subscribes to known events, each once', () => {
  it.each([
    [['response.created'], true],
    [['response.created', 'case.opened', 'case.resolved', 'response.supplemented'], true],
    [[], false],
    [['response.created', 'response.created'], false],
    [['response.deleted'], false],
  ])('%j → %s', (events, ok) => {
    expect(webhookCreateSchema.safeParse({ url: 'https://a.example', events }).success).toBe(ok);
  });

  it('an update changes events or active, and says one of them', () => {
    expect(webhookUpdateSchema.safeParse({ active: false }).success).toBe(true);
    expect(webhookUpdateSchema.safeParse({}).success).toBe(false);
    expect(webhookUpdateSchema.safeParse({ url: 'https://b.example' }).success).toBe(false);
  });
});
