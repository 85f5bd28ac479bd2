import type { AuditEntry } from '@venue-voice/domain';
import { api } from '../../platform/api';

export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

export const auditApi = {
  page: (cursor: string | null) => api.get<AuditPage>('/audit', { cursor }),
};

/** The detail as short `name: value` pairs (values that are not text as JSON). */
export function detailText(detail: AuditEntry['detail']): string {
  return Object.entries(detail)
    .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}
