import type { CaseDetail, CaseListItem } from '@venue-voice/domain';

/** Cases as the API answers them, for the screens' tests. */
export const caseItem = (extra: Partial<CaseListItem> = {}): CaseListItem => ({
  id: 7,
  status: 'open',
  branch: { id: 1, name: 'Soho' },
  owner: null,
  dueOn: null,
  overdue: false,
  openedAt: '2026-11-28T07:00:00.000Z',
  resolvedAt: null,
  ageMs: 3 * 3_600_000,
  rule: 'Complaints',
  response: {
    id: 42,
    visitDatetime: '2026-11-27 19:30:00',
    survey: { id: 1, name: 'Demo Bistro' },
    csat: 20,
    nps: 3,
    complaint: true,
    excerpt: 'The soup was cold',
  },
  ...extra,
});

export const caseDetail = (extra: Partial<CaseDetail> = {}): CaseDetail => ({
  ...caseItem(),
  events: [],
  canChange: true,
  canReply: true,
  replyRefusal: null,
  replyTo: 'ada@example.com',
  owners: [
    { id: 1, name: 'Olivia Owner' },
    { id: 2, name: 'Sam Soho' },
  ],
  ...extra,
});
