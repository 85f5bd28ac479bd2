import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canChangeAlertRule, mayReceiveAlerts } from '../operator/policy';
import type { OperatorScope } from '../operator/roles';
import {
  ALERT_MAIL_ATTEMPTS,
  type AlertFacts,
  alertRetryDelayMs,
  alertRuleCreateSchema,
  alertRuleFaults,
  containsWord,
  type MatchableRule,
  matchingRules,
  responseCreatedMessageId,
  responseSupplementedMessageId,
  ruleMatches,
  uploadedLate,
} from './alerts';

const facts = (over: Partial<AlertFacts> = {}): AlertFacts => ({
  branchId: 1,
  complaint: false,
  npsScore: null,
  indicators: [],
  text: '',
  ...over,
});
const rule = (over: Partial<MatchableRule> = {}): MatchableRule => ({
  id: 1,
  branchId: null,
  kind: 'complaint',
  indicatorId: null,
  maxScore: null,
  words: [],
  active: true,
  ...over,
});

describe('alert rules (O9)', () => {
  it.each([
    ['company-wide rule, branch 1', null, 1, true],
    ['company-wide rule, no branch', null, null, true],
    ['branch 1 rule, branch 1', 1, 1, true],
    ['branch 1 rule, branch 2', 1, 2, false],
    ['branch 1 rule, no branch', 1, null, false],
  ] as const)('O9.1 %s: %s', (_name, ruleBranch, responseBranch, matches) => {
    expect(
      ruleMatches(rule({ branchId: ruleBranch }), facts({ branchId: responseBranch, complaint: true })),
    ).toBe(matches);
  });

  it('O9.2 an inactive rule never matches', () => {
    fc.assert(
      fc.property(fc.constantFrom('complaint', 'indicator', 'detractor', 'words'), (kind) => {
        const all = facts({ complaint: true, npsScore: 0, indicators: [{ id: 5, score: 1 }], text: 'cold' });
        const r = rule({ kind, indicatorId: 5, maxScore: 2, words: ['cold'] });
        expect(ruleMatches(r, all)).toBe(true);
        expect(ruleMatches({ ...r, active: false }, all)).toBe(false);
      }),
    );
  });

  it.each([
    [true, true],
    [false, false],
  ])('O9.3 complaint raised %s: matches %s', (complaint, matches) => {
    expect(ruleMatches(rule(), facts({ complaint }))).toBe(matches);
  });

  it.each([
    ['below', 1, true],
    ['at', 2, true],
    ['above', 3, false],
  ] as const)('O9.4 indicator %s the score (%s ≤ 2): %s', (_name, score, matches) => {
    const r = rule({ kind: 'indicator', indicatorId: 5, maxScore: 2 });
    expect(ruleMatches(r, facts({ indicators: [{ id: 5, score }] }))).toBe(matches);
    // Another indicator's low score is not this rule's.
    expect(ruleMatches(r, facts({ indicators: [{ id: 6, score: 0 }] }))).toBe(false);
  });

  it('O9.4 an indicator rule matches exactly when its indicator was scored at or below the score', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.array(fc.record({ id: fc.integer({ min: 1, max: 4 }), score: fc.integer({ min: 0, max: 10 }) })),
        (max, indicators) => {
          const r = rule({ kind: 'indicator', indicatorId: 2, maxScore: max });
          const expected = indicators.some((i) => i.id === 2 && i.score <= max);
          expect(ruleMatches(r, facts({ indicators }))).toBe(expected);
        },
      ),
    );
  });

  it('O9.5 a detractor is NPS 0–6, and no NPS answer is none', () => {
    const r = rule({ kind: 'detractor' });
    for (let nps = 0; nps <= 10; nps++) expect(ruleMatches(r, facts({ npsScore: nps }))).toBe(nps <= 6);
    expect(ruleMatches(r, facts({ npsScore: null }))).toBe(false);
  });

  it.each([
    ['Cold food', 'cold', true],
    ['COLD!', 'Cold', true],
    ['The rating was fine', 'rat', false],
    ['I saw a rat.', 'rat', true],
    ['food\n  poisoning', 'Food Poisoning', true],
    ['Das Schimmelbrot', 'schimmel', false],
    ['Das Schimmelbrot', 'schimmel*', true],
    ['La cuenta: carísima', 'CARÍSIMA', true],
    ['carisima', 'carísima', false],
    ['', 'cold', false],
    ['anything', '   ', false],
    ['ill-mannered', 'ill', true],
    ['grill', 'ill', false],
  ] as const)('O9.6 %j contains %j: %s', (text, word, found) => {
    expect(containsWord(text, word)).toBe(found);
  });

  it('O9.6 a word is found in any text that holds it between non-letters, in any case', () => {
    const letters = fc.stringMatching(/^[a-zà-ü]{1,8}$/);
    fc.assert(
      fc.property(letters, fc.string(), fc.string(), (w, before, after) => {
        const text = `${before} ${w.toUpperCase()}. ${after}`;
        expect(containsWord(text, w)).toBe(true);
        // Glued to letters on both sides it is part of another word.
        expect(containsWord(`x${w}x`, w)).toBe(false);
      }),
    );
  });

  it('O9.6 a words rule matches when any of its words is in the text', () => {
    const r = rule({ kind: 'words', words: ['hair', 'dirty'] });
    expect(ruleMatches(r, facts({ text: 'Dirty table\nok' }))).toBe(true);
    expect(ruleMatches(r, facts({ text: 'Hairy chips' }))).toBe(false);
    expect(ruleMatches(r, facts({ text: '' }))).toBe(false);
  });

  it('O9.1–O9.6 matchingRules keeps exactly the rules ruleMatches accepts, in order', () => {
    const arbRule = fc.record({
      id: fc.integer({ min: 1, max: 99 }),
      branchId: fc.option(fc.integer({ min: 1, max: 3 })),
      kind: fc.constantFrom('complaint', 'indicator', 'detractor', 'words'),
      indicatorId: fc.option(fc.integer({ min: 1, max: 3 })),
      maxScore: fc.option(fc.integer({ min: 0, max: 10 })),
      words: fc.array(fc.constantFrom('cold', 'rude', 'hair')),
      active: fc.boolean(),
    });
    const arbFacts = fc.record({
      branchId: fc.option(fc.integer({ min: 1, max: 3 })),
      complaint: fc.boolean(),
      npsScore: fc.option(fc.integer({ min: 0, max: 10 })),
      indicators: fc.array(
        fc.record({ id: fc.integer({ min: 1, max: 3 }), score: fc.integer({ min: 0, max: 10 }) }),
      ),
      text: fc.constantFrom('', 'cold soup', 'a rude waiter', 'fine'),
    });
    fc.assert(
      fc.property(fc.array(arbRule), arbFacts, (rules, f) => {
        const matched = matchingRules(rules, f);
        expect(matched).toEqual(rules.filter((r) => ruleMatches(r, f)));
        for (const r of matched) {
          expect(r.active).toBe(true);
          expect(r.branchId === null || r.branchId === f.branchId).toBe(true);
        }
      }),
    );
  });

  it.each([
    ['complaint, nothing else', { kind: 'complaint' }, []],
    ['indicator without its indicator and score', { kind: 'indicator' }, ['indicatorId', 'maxScore']],
    ['indicator with both', { kind: 'indicator', indicatorId: 3, maxScore: 2 }, []],
    ['detractor with a score', { kind: 'detractor', maxScore: 2 }, ['maxScore']],
    ['words without words', { kind: 'words' }, ['words']],
    ['words repeated in another case', { kind: 'words', words: ['Cold', 'cold'] }, ['words']],
    ['words on a complaint rule', { kind: 'complaint', words: ['cold'] }, ['words']],
    ['a recipient twice', { kind: 'complaint', recipientIds: [4, 4] }, ['recipientIds']],
  ] as const)('O9.7 %s: faults %j', (_name, over, fields) => {
    const body = { indicatorId: null, maxScore: null, words: [], recipientIds: [4], ...over };
    expect(alertRuleFaults(body).map((f) => f.field)).toEqual(fields);
  });

  it('O9.7 the body schema fills the defaults and refuses unknown fields', () => {
    const parsed = alertRuleCreateSchema.parse({
      name: ' Complaints ',
      kind: 'complaint',
      branchId: null,
      recipientIds: [1],
    });
    expect(parsed).toMatchObject({
      name: 'Complaints',
      opensCase: true,
      active: true,
      words: [],
      maxScore: null,
    });
    expect(alertRuleCreateSchema.safeParse({ ...parsed, extra: 1 }).success).toBe(false);
    expect(alertRuleCreateSchema.safeParse({ ...parsed, recipientIds: [] }).success).toBe(false);
  });

  const owner: OperatorScope = { id: 1, companyId: 1, role: 'owner', branchIds: 'all' };
  const manager1: OperatorScope = { id: 2, companyId: 1, role: 'manager', branchIds: [1] };
  const viewer1: OperatorScope = { id: 3, companyId: 1, role: 'viewer', branchIds: [1] };
  const otherOwner: OperatorScope = { id: 4, companyId: 2, role: 'owner', branchIds: 'all' };

  it.each([
    ['owner', owner, null, true],
    ['owner', owner, 2, true],
    ['manager of 1', manager1, null, false],
    ['manager of 1', manager1, 1, true],
    ['manager of 1', manager1, 2, false],
    ['viewer of 1', viewer1, 1, false],
  ] as const)('O1.6 %s changes a rule of branch %s: %s', (_name, operator, branch, may) => {
    expect(canChangeAlertRule(operator, branch)).toBe(may);
  });

  it.each([
    ['owner', owner, null, true],
    ['manager of 1', manager1, null, false],
    ['manager of 1', manager1, 1, true],
    ['viewer of 1', viewer1, 1, true],
    ['viewer of 1', viewer1, 2, false],
    ['another company’s owner', otherOwner, 1, false],
  ] as const)('O1.7 %s receives alerts of branch %s: %s', (_name, operator, branch, may) => {
    expect(mayReceiveAlerts(operator, 1, branch)).toBe(may);
  });

  it('O9.8 retries back off from 30 s, doubling up to 30 min, and give up after the last attempt', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(alertRetryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_800_000,
    ]);
    expect(alertRetryDelayMs(ALERT_MAIL_ATTEMPTS)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: ALERT_MAIL_ATTEMPTS - 2 }), (n) => {
        expect(alertRetryDelayMs(n + 1) as number).toBeGreaterThanOrEqual(alertRetryDelayMs(n) as number);
      }),
    );
  });

  it('O9.9 a response has one created id; each supplement version an id of its own', () => {
    expect(responseCreatedMessageId(42)).toBe('msg_response.created_42');
    const a = responseSupplementedMessageId(42, 'marketing', new Date(1_000));
    expect(a).toBe('msg_response.supplemented_42_marketing_1000');
    expect(responseSupplementedMessageId(42, 'marketing', new Date(2_000))).not.toBe(a);
    expect(responseSupplementedMessageId(42, 'contact', new Date(1_000))).not.toBe(a);
  });

  it.each([
    ['stored at once', '2026-11-27 20:00:00', '2026-11-27 20:01:00', false],
    ['stored 10 minutes later', '2026-11-27 20:00:00', '2026-11-27 20:10:00', false],
    ['uploaded the next morning', '2026-11-27 20:00:00', '2026-11-28 08:00:00', true],
    ['an unreadable visit time', 'yesterday', '2026-11-28 08:00:00', false],
  ] as const)('O9.10 %s: uploaded late %s', (_name, visit, stored, late) => {
    expect(uploadedLate(visit, stored)).toBe(late);
  });
});
