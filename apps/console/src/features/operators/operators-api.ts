import type {
  operatorCreateBodySchema,
  operatorListItemSchema,
  operatorUpdateBodySchema,
} from '@venue-voice/domain';
import type { z } from 'zod';
import { api } from '../../platform/api';

/** One operator of the company (`GET /operators`). */
export type Operator = z.infer<typeof operatorListItemSchema>;
export type Invitation = z.infer<typeof operatorCreateBodySchema>;

export const operatorsApi = {
  list: () => api.get<{ items: Operator[] }>('/operators'),
  invite: (invitation: Invitation) => api.post<{ operator: Operator }>('/operators', invitation),
  save: (id: number, change: z.infer<typeof operatorUpdateBodySchema>) =>
    api.patch<{ operator: Operator }>(`/operators/${id}`, change),
  remove: (id: number) => api.delete<unknown>(`/operators/${id}`),
  resend: (id: number) => api.post<unknown>(`/operators/${id}/invitation`),
};
