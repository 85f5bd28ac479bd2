import { api } from '../../platform/api';

/** One entry of the audit log (`GET /audit`, console-contract.md): who changed what, when. */
export interface AuditEntry {
  id: number;
  at: string;
  /** Who did it: the operator's name as it was (or the command line's label). */
  actor: string | { id: number | null; label: string };
  action: string;
  subjectType: string;
  subjectId: number | string | null;
  branchId: number | null;
  detail: Record<string, unknown> | null;
}

export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

export const auditApi = {
  page: (cursor: string | null) => api.get<AuditPage>('/audit', { cursor }),
};

export const actorName = (actor: AuditEntry['actor']) => (typeof actor === 'string' ? actor : actor.label);

/** The detail as short `name: value` pairs (values that are not text as JSON). */
export function detailText(detail: AuditEntry['detail']): string {
  if (!detail) return '';
  return Object.entries(detail)
    .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}
