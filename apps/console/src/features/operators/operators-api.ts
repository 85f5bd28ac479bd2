import type { Language, OperatorRole } from '@venue-voice/domain';
import { api } from '../../platform/api';

/** One operator of the company (`GET /operators`, console-contract.md, auth). */
export interface Operator {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
  branchIds: number[];
  status: 'invited' | 'active';
}

export interface Invitation {
  email: string;
  name: string;
  role: OperatorRole;
  branchIds: number[];
  language?: Language;
}

export const operatorsApi = {
  list: () => api.get<{ items: Operator[] }>('/operators'),
  invite: (invitation: Invitation) => api.post<{ operator: Operator }>('/operators', invitation),
  save: (id: number, change: Partial<Pick<Operator, 'role' | 'branchIds' | 'name'>>) =>
    api.patch<unknown>(`/operators/${id}`, change),
  remove: (id: number) => api.delete<unknown>(`/operators/${id}`),
  resend: (id: number) => api.post<unknown>(`/operators/${id}/invitation`),
};
