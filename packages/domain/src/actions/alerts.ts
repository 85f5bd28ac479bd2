import { z } from 'zod';
import { ALERT_KINDS, type AlertKind } from './constants';

// O9: alert rules (issue 30 item 1, decision 0247). Which rules a stored response matches, what a rule
// may hold, how an alert mail is retried, and the message ids its webhook events carry.

/** O9.7 At most this many words per rule and recipients per rule; a word at most this long. */
export const ALERT_WORDS_MAX = 20;
export const ALERT_WORD_LENGTH_MAX = 50;
export const ALERT_RECIPIENTS_MAX = 20;
export const ALERT_NAME_LENGTH_MAX = 80;

/** What a rule looks at of a response: its facts as stored, read once by the alert pass. */
export interface AlertFacts {
  /** The response's branch; null for a response of no branch (only company-wide rules see it). */
  branchId: number | null;
  /** O9.3 A complaint raised: a shown triggerComplaint question answered (D3.10) or the manager-feedback rule passed (D3.9). */
  complaint: boolean;
  npsScore: number | null;
  /** The indicator scores the guest gave (answers.indicators). */
  indicators: readonly { id: number; score: number }[];
  /** Every text the guest wrote, one per line (the inbox's search text: reports/fold.ts TEXT_PATHS). */
  text: string;
}

/** A rule as the matching sees it. */
export interface MatchableRule {
  id: number;
  branchId: number | null;
  kind: string;
  indicatorId: number | null;
  maxScore: number | null;
  words: readonly string[];
  active: boolean;
}

/** O9.5 An NPS detractor answered 0–6. */
export const NPS_DETRACTOR_MAX = 6;

// Letters, marks and digits make a word; anything else (spaces, punctuation, symbols) ends one.
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/** O9.6 A text and a listed word compared as: Unicode NFC, lower case, runs of white space as one space. */
export const foldText = (text: string): string =>
  text.normalize('NFC').toLocaleLowerCase('und').replace(/\s+/gu, ' ');

/**
 * O9.6 Whether the text contains the word (or phrase) as a whole word, case-insensitive: `rat` is not
 * found in "rating", `cold` is in "Cold!", `food poisoning` in "food  Poisoning". A word ending in `*`
 * matches words that start with it (`schimmel*` finds "Schimmelbrot": German compounds). Whole words,
 * not substrings, because short words ("ill", "rat", "hair") hide inside many innocent ones.
 */
export function containsWord(text: string, word: string): boolean {
  const prefix = word.trim().endsWith('*');
  const needle = foldText(word.trim().replace(/\*+$/u, '').trim());
  if (needle === '') return false;
  const haystack = foldText(text);
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = at === 0 ? '' : (haystack[at - 1] ?? '');
    const after = haystack[at + needle.length] ?? '';
    if (WORD_CHAR.test(before)) continue;
    if (prefix || !WORD_CHAR.test(after)) return true;
  }
  return false;
}

/**
 * O9.1–O9.6 Whether one rule matches a response: active (O9.2), of the response's branch or of the
 * whole company (O9.1), and its kind's condition: a complaint (O9.3), the indicator at or below the
 * rule's score (O9.4), NPS 0–6 (O9.5), one of the words in what the guest wrote (O9.6).
 */
export function ruleMatches(rule: MatchableRule, facts: AlertFacts): boolean {
  if (!rule.active) return false;
  if (rule.branchId !== null && rule.branchId !== facts.branchId) return false;
  switch (rule.kind as AlertKind) {
    case 'complaint':
      return facts.complaint;
    case 'indicator':
      return (
        rule.indicatorId !== null &&
        rule.maxScore !== null &&
        facts.indicators.some((i) => i.id === rule.indicatorId && i.score <= (rule.maxScore as number))
      );
    case 'detractor':
      return facts.npsScore !== null && facts.npsScore <= NPS_DETRACTOR_MAX;
    case 'words':
      return facts.text !== '' && rule.words.some((word) => containsWord(facts.text, word));
    default:
      return false;
  }
}

/** The rules a response matches, in the order given (the pass gives them by id). */
export const matchingRules = <R extends MatchableRule>(rules: readonly R[], facts: AlertFacts): R[] =>
  rules.filter((rule) => ruleMatches(rule, facts));

const word = z.string().trim().min(1).max(ALERT_WORD_LENGTH_MAX);

/** The fields of a rule a console call sends (POST whole, PATCH any of them). */
const ruleFields = {
  name: z.string().trim().min(1).max(ALERT_NAME_LENGTH_MAX),
  kind: z.enum(ALERT_KINDS),
  /** null: the whole company (the owner's); a branch: its managers' too. */
  branchId: z.number().int().positive().nullable(),
  indicatorId: z.number().int().positive().nullable(),
  maxScore: z.number().int().min(0).max(10).nullable(),
  words: z.array(word).max(ALERT_WORDS_MAX),
  recipientIds: z.array(z.number().int().positive()).min(1).max(ALERT_RECIPIENTS_MAX),
  opensCase: z.boolean(),
  active: z.boolean(),
};

export const alertRuleCreateSchema = z
  .object({
    ...ruleFields,
    indicatorId: ruleFields.indicatorId.default(null),
    maxScore: ruleFields.maxScore.default(null),
    words: ruleFields.words.default([]),
    opensCase: ruleFields.opensCase.default(true),
    active: ruleFields.active.default(true),
  })
  .strict();
export type AlertRuleCreate = z.infer<typeof alertRuleCreateSchema>;

export const alertRuleUpdateSchema = z.object(ruleFields).partial().strict();
export type AlertRuleUpdate = z.infer<typeof alertRuleUpdateSchema>;

/** A rule as the console lists it. */
export const alertRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(ALERT_KINDS),
  branchId: z.number().int().nullable(),
  indicatorId: z.number().int().nullable(),
  maxScore: z.number().int().nullable(),
  words: z.array(z.string()),
  recipientIds: z.array(z.number().int()),
  opensCase: z.boolean(),
  active: z.boolean(),
  /** Whether the asking operator may change or delete it (O1.6). */
  canChange: z.boolean(),
  updatedAt: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

/** A rule's fault: the body field and its catalogue key. */
export interface AlertRuleFault {
  field: 'indicatorId' | 'maxScore' | 'words' | 'recipientIds';
  key: string;
}

/**
 * O9.7 What a rule of its kind must hold: an indicator rule its indicator and score, a words rule at
 * least one word (none repeated, case-insensitive), the other kinds neither; recipients without repeats.
 */
export function alertRuleFaults(rule: {
  kind: AlertKind;
  indicatorId: number | null;
  maxScore: number | null;
  words: readonly string[];
  recipientIds: readonly number[];
}): AlertRuleFault[] {
  const faults: AlertRuleFault[] = [];
  const indicator = rule.kind === 'indicator';
  if (indicator && rule.indicatorId === null) faults.push({ field: 'indicatorId', key: 'form.required' });
  if (indicator && rule.maxScore === null) faults.push({ field: 'maxScore', key: 'form.required' });
  if (!indicator && rule.indicatorId !== null)
    faults.push({ field: 'indicatorId', key: 'alerts.notForKind' });
  if (!indicator && rule.maxScore !== null) faults.push({ field: 'maxScore', key: 'alerts.notForKind' });
  const folded = rule.words.map((w) => foldText(w.trim()));
  if (rule.kind === 'words' && rule.words.length === 0) faults.push({ field: 'words', key: 'form.required' });
  else if (rule.kind !== 'words' && rule.words.length > 0)
    faults.push({ field: 'words', key: 'alerts.notForKind' });
  else if (new Set(folded).size !== folded.length || folded.some((w) => w.replace(/\*+$/u, '').trim() === ''))
    faults.push({ field: 'words', key: 'form.unique' });
  if (new Set(rule.recipientIds).size !== rule.recipientIds.length)
    faults.push({ field: 'recipientIds', key: 'form.unique' });
  return faults;
}

/** O9.8 An alert mail is tried this many times, then given up (failed, with the last error). */
export const ALERT_MAIL_ATTEMPTS = 8;

/**
 * O9.8 How long after failed attempt `attempts` (1-based) the next one is due: 30 s, doubling, at most
 * 30 minutes; null once `ALERT_MAIL_ATTEMPTS` have failed (about 1 h 45 min after the first).
 */
export function alertRetryDelayMs(attempts: number): number | null {
  if (attempts >= ALERT_MAIL_ATTEMPTS) return null;
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

/** O9.9 The webhook message id of a response's creation: one per response, whatever retries it. */
export const responseCreatedMessageId = (responseId: number) => `msg_response.created_${responseId}`;

/**
 * O9.9 The message id of a supplement as stored now: its kind and the time of this version, so each
 * new version is a new event and the same version queued twice is one.
 */
export const responseSupplementedMessageId = (responseId: number, kind: string, updatedAt: Date) =>
  `msg_response.supplemented_${responseId}_${kind}_${updatedAt.getTime()}`;

/** O9.10 A response stored this long after its visit was uploaded late (a tablet's queue): the mail says both times. */
export const LATE_UPLOAD_MS = 10 * 60_000;

/**
 * O9.10 Whether the mail shows the upload time beside the visit time. `visit` is the venue's wall clock
 * (`YYYY-MM-DD HH:mm:ss`), `stored` the same clock for when the server stored it.
 */
export function uploadedLate(visit: string, stored: string): boolean {
  const asUtc = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);
  const gap = asUtc(stored) - asUtc(visit);
  return Number.isFinite(gap) && gap > LATE_UPLOAD_MS;
}
