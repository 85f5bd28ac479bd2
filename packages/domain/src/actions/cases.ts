/**
 * O14: a case's life (issue 30 item 2). What an alert opens on a response, tracked to closure by an owner,
 * with a due date, notes and, when the guest allowed it, replies by e-mail. Decision 0249.
 */
import { z } from 'zod';
import { localDateTimeAt } from '../checkin/visit-time';
import { canChangeBranch, canSeeBranch } from '../operator/policy';
import type { OperatorScope } from '../operator/roles';
import { decodeInboxCursor, encodeInboxCursor } from '../reports/inbox';
import { CASE_STATUSES, type CaseStatus } from './constants';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** O14.1 What a status change does: nothing (the same status), resolve, reopen, or move between open ones. */
export type CaseTransition = 'none' | 'resolve' | 'reopen' | 'move';

/**
 * O14.1 Every status may follow every other: a manager resolves straight from open, and a resolved case
 * reopens (to open or in progress) when the guest writes back. Resolving stamps `resolvedAt` and queues
 * `case.resolved`; reopening clears `resolvedAt`. The same status again changes nothing (no event).
 */
export function caseTransition(from: CaseStatus, to: CaseStatus): CaseTransition {
  if (from === to) return 'none';
  if (to === 'resolved') return 'resolve';
  if (from === 'resolved') return 'reopen';
  return 'move';
}

/** O14.2 A case's age: from its opening to now, or to its resolution once resolved; never negative. */
export function caseAgeMs(openedAt: Date, now: Date, resolvedAt: Date | null = null): number {
  const end = resolvedAt ?? now;
  return Math.max(0, end.getTime() - openedAt.getTime());
}

export type AgeUnit = 'minute' | 'hour' | 'day';

/**
 * O14.2 An age as people say it, whole units rounded down: minutes under an hour, hours under a day,
 * then days ("45 min", "3 h", "2 days"). Hours up to a day: a case that came in this morning is "5 h",
 * not "0 days".
 */
export function ageParts(ms: number): { value: number; unit: AgeUnit } {
  if (ms < HOUR) return { value: Math.floor(ms / MINUTE), unit: 'minute' };
  if (ms < DAY) return { value: Math.floor(ms / HOUR), unit: 'hour' };
  return { value: Math.floor(ms / DAY), unit: 'day' };
}

/** The branch's local day of an instant (`YYYY-MM-DD`), in its IANA zone. */
export const localDayOf = (instant: Date, timeZone: string): string =>
  localDateTimeAt(instant, timeZone).slice(0, 10);

/**
 * O14.3 Overdue: not resolved and its due day (the branch's local day) is over, i.e. today at the
 * branch is after it. Due today is not overdue yet: the day is the manager's until midnight there.
 */
export function isOverdue(dueOn: string | null, status: CaseStatus, today: string): boolean {
  return dueOn !== null && status !== 'resolved' && today > dueOn;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isCalendarDay(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** O14.4 How far ahead a due date may be set: a year (a typo of the year is caught, not stored). */
export const CASE_DUE_MAX_DAYS = 366;

/**
 * O14.4 A due date: a calendar day from the branch's today to a year ahead, or null to clear it. Answers
 * the fault's catalogue key, or null when it may be set. A day already over would be overdue the moment
 * it is set: a slip, so it is refused.
 */
export function dueDateFault(dueOn: string | null, today: string): 'case.dueInvalid' | 'case.duePast' | null {
  if (dueOn === null) return null;
  if (!isCalendarDay(dueOn)) return 'case.dueInvalid';
  if (dueOn < today) return 'case.duePast';
  const latest = new Date(Date.parse(`${today}T00:00:00Z`) + CASE_DUE_MAX_DAYS * DAY)
    .toISOString()
    .slice(0, 10);
  return dueOn > latest ? 'case.dueInvalid' : null;
}

/** Why a reply cannot be sent (O14.5), each a sentence the console shows in place of the reply form. */
export const REPLY_REFUSALS = ['noContact', 'noConsent', 'contactDeleted', 'noEmail'] as const;
export type ReplyRefusal = (typeof REPLY_REFUSALS)[number];

export interface ReplyFacts {
  /** The guest gave contact details (the `contact` supplement marker, kept after the purge: decision 0233). */
  contactGiven: boolean;
  /** The guest said yes to "may we contact you about it?" (supplement `complaint_contact`, G5.25). */
  consent: boolean;
  /** The contact details still kept (null once purged or never given). */
  details: { email: string | null } | null;
}

/**
 * O14.5 Whether the manager may reply to the guest by e-mail, or why not, in this order: the guest gave
 * no contact details (`noContact`); gave them but did not agree to be contacted about their feedback
 * (`noConsent`: the marketing box is for offers and events, not a reply); agreed but the details were
 * purged after the company's retention days (`contactDeleted`); kept but without an e-mail address, only
 * a phone (`noEmail`). Null: a reply may go to `details.email`.
 */
export function replyRefusal(facts: ReplyFacts): ReplyRefusal | null {
  if (!facts.contactGiven && !facts.consent && facts.details === null) return 'noContact';
  if (!facts.consent) return 'noConsent';
  if (facts.details === null) return 'contactDeleted';
  if (!facts.details.email) return 'noEmail';
  return null;
}

/** O14.6 The longest note or reply body, and reply subject (characters, after trimming). */
export const CASE_TEXT_MAX = 5000;
export const CASE_SUBJECT_MAX = 200;

/**
 * O14.6 A note's or reply's text, trimmed: not blank, at most CASE_TEXT_MAX characters. Answers the
 * fault's catalogue key, or null.
 */
export function caseTextFault(text: string): 'case.textRequired' | 'case.textTooLong' | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'case.textRequired';
  return Array.from(trimmed).length > CASE_TEXT_MAX ? 'case.textTooLong' : null;
}

/** O14.6 A reply's subject on one line, at most CASE_SUBJECT_MAX characters; blank: the default subject. */
export function replySubjectFault(subject: string): 'case.subjectTooLong' | null {
  return Array.from(subject.replace(/\s+/g, ' ').trim()).length > CASE_SUBJECT_MAX
    ? 'case.subjectTooLong'
    : null;
}

/**
 * O14.7 `case.resolved`'s webhook id: one per resolution (`msg_case.resolved_<case>_<n>`, n counting the
 * case's resolutions from 1), so a case resolved, reopened and resolved again is two events, and a
 * retried transaction queues the same one.
 */
export const caseResolvedMessageId = (caseId: number, resolution: number): string =>
  `msg_case.resolved_${caseId}_${resolution}`;

/**
 * O14.9 Who reads a case: whoever sees its branch (O1.1); a case of no branch (a company-wide response)
 * is the owner's. Who acts on it (status, owner, due date, notes, replies): a manager of the branch or the
 * owner (O1.2); a viewer reads only. Who may own it: an operator who may act on it, so an owner is never
 * given a case they could not close.
 */
export function canReadCase(operator: OperatorScope, branchId: number | null): boolean {
  return branchId === null ? operator.branchIds === 'all' : canSeeBranch(operator, branchId);
}

export function canActOnCase(operator: OperatorScope, branchId: number | null): boolean {
  return (
    operator.role !== 'viewer' &&
    canReadCase(operator, branchId) &&
    (branchId === null || canChangeBranch(operator, branchId))
  );
}

/** The list's status filter: `unresolved` (open and in progress, the default), one status, or all. */
export const CASE_LIST_STATUSES = ['unresolved', ...CASE_STATUSES, 'all'] as const;
export type CaseListStatus = (typeof CASE_LIST_STATUSES)[number];

/**
 * O14.8 The list's order: cases still to do oldest first (the longest waiting on top); resolved ones
 * and the whole list newest first (what just happened).
 */
export const oldestFirst = (status: CaseListStatus): boolean => status !== 'resolved' && status !== 'all';

/** O14.8 A page's cursor: where the last row was (opened time, id), opaque to the console. */
export const encodeCaseCursor = (openedAt: string, id: number): string =>
  encodeInboxCursor({ visitDatetime: openedAt, id });

export function decodeCaseCursor(raw: string): { openedAt: string; id: number } | null {
  const cursor = decodeInboxCursor(raw);
  if (!cursor || Number.isNaN(Date.parse(cursor.visitDatetime))) return null;
  return { openedAt: cursor.visitDatetime, id: cursor.id };
}

export const CASE_PAGE_SIZE = 50;

const idText = z.string().max(12).optional();

export const caseListQuerySchema = z.object({
  status: z
    .enum(CASE_LIST_STATUSES)
    .default('unresolved')
    .describe('unresolved (open and in progress, the default) | open | in_progress | resolved | all'),
  branchId: idText,
  ownerId: idText.describe('An operator id, or `none` for cases nobody owns'),
  cursor: z.string().max(200).optional().describe("The page before's nextCursor"),
});
export type CaseListQuery = z.infer<typeof caseListQuerySchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

/** A response as a case shows it in a line: scores, complaint, the first words of the comment. */
export const caseHeadlineSchema = z.object({
  id: z.number().int(),
  visitDatetime: z.string(),
  survey: named,
  csat: z.number().nullable(),
  nps: z.number().nullable(),
  complaint: z.boolean(),
  excerpt: z.string().nullable(),
});

export const caseListItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(CASE_STATUSES),
  branch: named.nullable(),
  owner: named.nullable(),
  dueOn: z.string().nullable(),
  overdue: z.boolean(),
  openedAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** O14.2 Milliseconds from opening to now (or to the resolution). */
  ageMs: z.number().int(),
  rule: z.string().nullable(),
  response: caseHeadlineSchema,
});
export type CaseListItem = z.infer<typeof caseListItemSchema>;

export const casePageSchema = z.object({
  items: z.array(caseListItemSchema),
  nextCursor: z.string().nullable(),
});
export type CasePage = z.infer<typeof casePageSchema>;

export const CASE_EVENT_KINDS = ['note', 'reply', 'status', 'owner', 'due'] as const;
export type CaseEventKind = (typeof CASE_EVENT_KINDS)[number];

export const caseEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CASE_EVENT_KINDS),
  /** note/reply: the text; status: the new status; owner: the new owner's name (empty: nobody); due: the day or empty. */
  body: z.string(),
  sentTo: z.string().nullable(),
  operator: named.nullable(),
  createdAt: z.string(),
});
export type CaseEvent = z.infer<typeof caseEventSchema>;

export const caseDetailSchema = caseListItemSchema.extend({
  events: z.array(caseEventSchema),
  canChange: z.boolean(),
  canReply: z.boolean(),
  replyRefusal: z.enum(REPLY_REFUSALS).nullable(),
  /** Where a reply goes (shown beside the form), while the details are kept and the reply allowed. */
  replyTo: z.string().nullable(),
  /** Who may own it: operators who may act on its branch (O14.9). */
  owners: z.array(named),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const casePatchSchema = z
  .object({
    status: z.enum(CASE_STATUSES).optional(),
    ownerId: z.number().int().positive().nullable().optional(),
    dueOn: z.string().max(10).nullable().optional(),
  })
  .strict();
export type CasePatch = z.infer<typeof casePatchSchema>;

export const caseNoteSchema = z.object({ body: z.string().max(CASE_TEXT_MAX * 2) }).strict();

export const caseReplySchema = z
  .object({
    subject: z
      .string()
      .max(CASE_SUBJECT_MAX * 2)
      .optional(),
    body: z.string().max(CASE_TEXT_MAX * 2),
  })
  .strict();
export type CaseReply = z.infer<typeof caseReplySchema>;
