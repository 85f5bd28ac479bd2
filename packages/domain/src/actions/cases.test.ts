import { describe, expect, it } from 'vitest';
import type { OperatorScope } from '../operator/roles';
import {
  ageParts,
  CASE_SUBJECT_MAX,
  CASE_TEXT_MAX,
  type CaseListStatus,
  canActOnCase,
  canReadCase,
  caseAgeMs,
  caseResolvedMessageId,
  caseTextFault,
  caseTransition,
  decodeCaseCursor,
  dueDateFault,
  encodeCaseCursor,
  isOverdue,
  localDayOf,
  oldestFirst,
  type ReplyFacts,
  replyRefusal,
  replySubjectFault,
} from './cases';
import type { CaseStatus } from './constants';

describe('O14.1 status transitions', () => {
  it.each<[CaseStatus, CaseStatus, string]>([
    ['open', 'open', 'none'],
    ['open', 'in_progress', 'move'],
    ['open', 'resolved', 'resolve'],
    ['in_progress', 'open', 'move'],
    ['in_progress', 'in_progress', 'none'],
    ['in_progress', 'resolved', 'resolve'],
    ['resolved', 'open', 'reopen'],
    ['resolved', 'in_progress', 'reopen'],
    ['resolved', 'resolved', 'none'],
  ])('%s → %s is %s', (from, to, expected) => {
    expect(caseTransition(from, to)).toBe(expected);
  });
});

describe('O14.2 a case’s age', () => {
  const opened = new Date('2026-11-20T10:00:00Z');
  it.each<[string, string | null, number]>([
    ['2026-11-20T10:00:00Z', null, 0],
    ['2026-11-20T13:30:00Z', null, 3.5 * 3600_000],
    ['2026-11-25T10:00:00Z', '2026-11-21T10:00:00Z', 86_400_000],
    // A clock behind the opening (another server's) says 0, never a negative age.
    ['2026-11-20T09:00:00Z', null, 0],
  ])('now %s, resolved %s: %d ms', (now, resolved, ms) => {
    expect(caseAgeMs(opened, new Date(now), resolved ? new Date(resolved) : null)).toBe(ms);
  });

  it.each<[number, number, string]>([
    [0, 0, 'minute'],
    [59 * 60_000 + 59_999, 59, 'minute'],
    [3600_000, 1, 'hour'],
    [3 * 3600_000 + 59 * 60_000, 3, 'hour'],
    [24 * 3600_000 - 1, 23, 'hour'],
    [24 * 3600_000, 1, 'day'],
    [2.9 * 24 * 3600_000, 2, 'day'],
  ])('%d ms reads %d %s(s)', (ms, value, unit) => {
    expect(ageParts(ms)).toEqual({ value, unit });
  });
});

describe('O14.3 overdue', () => {
  it.each<[string | null, CaseStatus, string, boolean]>([
    [null, 'open', '2026-11-28', false],
    ['2026-11-28', 'open', '2026-11-28', false],
    ['2026-11-27', 'open', '2026-11-28', true],
    ['2026-11-27', 'in_progress', '2026-11-28', true],
    ['2026-11-27', 'resolved', '2026-11-28', false],
    ['2026-11-29', 'open', '2026-11-28', false],
  ])('due %s, %s, today %s: %s', (due, status, today, overdue) => {
    expect(isOverdue(due, status, today)).toBe(overdue);
  });

  it('today is the branch’s local day', () => {
    const instant = new Date('2026-11-28T23:30:00Z');
    expect(localDayOf(instant, 'Europe/London')).toBe('2026-11-28');
    expect(localDayOf(instant, 'Europe/Berlin')).toBe('2026-11-29');
    expect(localDayOf(instant, 'America/New_York')).toBe('2026-11-28');
  });
});

describe('O14.4 a due date', () => {
  it.each<[string | null, string | null]>([
    [null, null],
    ['2026-11-28', null],
    ['2026-12-31', null],
    ['2027-11-29', null],
    ['2027-11-30', 'case.dueInvalid'],
    ['2026-11-27', 'case.duePast'],
    ['2026-02-30', 'case.dueInvalid'],
    ['2026-13-01', 'case.dueInvalid'],
    ['28/11/2026', 'case.dueInvalid'],
    ['', 'case.dueInvalid'],
  ])('%j on 2026-11-28: %s', (due, fault) => {
    expect(dueDateFault(due, '2026-11-28')).toBe(fault);
  });
});

describe('O14.5 who may be replied to', () => {
  const kept = { email: 'guest@example.com' };
  it.each<[string, ReplyFacts, string | null]>([
    ['nothing given', { contactGiven: false, consent: false, details: null }, 'noContact'],
    [
      'details, no answer to the question',
      { contactGiven: true, consent: false, details: kept },
      'noConsent',
    ],
    ['details kept, said no', { contactGiven: true, consent: false, details: kept }, 'noConsent'],
    ['said no, details purged', { contactGiven: true, consent: false, details: null }, 'noConsent'],
    ['said yes, details purged', { contactGiven: true, consent: true, details: null }, 'contactDeleted'],
    ['said yes, phone only', { contactGiven: true, consent: true, details: { email: null } }, 'noEmail'],
    ['said yes, e-mail kept', { contactGiven: true, consent: true, details: kept }, null],
  ])('%s: %s', (_, facts, refusal) => {
    expect(replyRefusal(facts)).toBe(refusal);
  });
});

describe('O14.6 note and reply texts', () => {
  it.each<[string, string | null]>([
    ['Called the guest', null],
    ['  padded  ', null],
    ['', 'case.textRequired'],
    [' \n\t ', 'case.textRequired'],
    ['x'.repeat(CASE_TEXT_MAX), null],
    ['x'.repeat(CASE_TEXT_MAX + 1), 'case.textTooLong'],
    // Characters, not UTF-16 units: 5,000 emoji fit.
    ['😀'.repeat(CASE_TEXT_MAX), null],
  ])('%j: %s', (text, fault) => {
    expect(caseTextFault(text)).toBe(fault);
  });

  it.each<[string, string | null]>([
    ['About your visit', null],
    ['', null],
    ['y'.repeat(CASE_SUBJECT_MAX), null],
    ['y'.repeat(CASE_SUBJECT_MAX + 1), 'case.subjectTooLong'],
  ])('subject %j: %s', (subject, fault) => {
    expect(replySubjectFault(subject)).toBe(fault);
  });
});

describe('O14.7 case.resolved is one event per resolution', () => {
  it('counts resolutions', () => {
    expect(caseResolvedMessageId(12, 1)).toBe('msg_case.resolved_12_1');
    expect(caseResolvedMessageId(12, 2)).not.toBe(caseResolvedMessageId(12, 1));
  });
});

describe('O14.8 the list’s order and cursor', () => {
  it.each<[CaseListStatus, boolean]>([
    ['unresolved', true],
    ['open', true],
    ['in_progress', true],
    ['resolved', false],
    ['all', false],
  ])('%s oldest first: %s', (status, oldest) => {
    expect(oldestFirst(status)).toBe(oldest);
  });

  it('a cursor reads back, and only cursors it made', () => {
    const cursor = encodeCaseCursor('2026-11-28T10:00:00.000Z', 42);
    expect(decodeCaseCursor(cursor)).toEqual({ openedAt: '2026-11-28T10:00:00.000Z', id: 42 });
    expect(decodeCaseCursor(encodeCaseCursor('yesterday', 42))).toBeNull();
    expect(decodeCaseCursor('nonsense!')).toBeNull();
  });
});

describe('O14.9 who reads and acts on a case', () => {
  const owner: OperatorScope = { id: 1, companyId: 1, role: 'owner', branchIds: 'all' };
  const manager: OperatorScope = { id: 2, companyId: 1, role: 'manager', branchIds: [1] };
  const viewer: OperatorScope = { id: 3, companyId: 1, role: 'viewer', branchIds: [1] };
  it.each<[string, OperatorScope, number | null, boolean, boolean]>([
    ['owner, branch 1', owner, 1, true, true],
    ['owner, no branch', owner, null, true, true],
    ['manager of 1, branch 1', manager, 1, true, true],
    ['manager of 1, branch 2', manager, 2, false, false],
    ['manager of 1, no branch', manager, null, false, false],
    ['viewer of 1, branch 1', viewer, 1, true, false],
    ['viewer of 1, branch 2', viewer, 2, false, false],
  ])('%s: reads %s, acts %s', (_, operator, branchId, reads, acts) => {
    expect(canReadCase(operator, branchId)).toBe(reads);
    expect(canActOnCase(operator, branchId)).toBe(acts);
  });
});
