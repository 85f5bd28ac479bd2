import type { AlertRule, AlertRuleCreate, AlertRuleUpdate, OperatorRole } from '@venue-voice/domain';
import { api } from '../../platform/api';

/** An operator a rule may mail (GET /alert-rules' `recipients`): 'all' for an owner. */
export interface Recipient {
  id: number;
  name: string;
  email: string;
  role: OperatorRole;
  branchIds: number[] | 'all';
}

/** An indicator of the company's surveys, for an indicator rule. */
export interface IndicatorChoice {
  id: number;
  name: string;
  min: number;
  max: number;
  surveys: string[];
}

export interface AlertRules {
  rules: AlertRule[];
  recipients: Recipient[];
  indicators: IndicatorChoice[];
}

export const alertsApi = {
  list: () => api.get<AlertRules>('/alert-rules'),
  add: (rule: AlertRuleCreate) => api.post<{ rule: AlertRule }>('/alert-rules', rule),
  save: (id: number, change: AlertRuleUpdate) => api.patch<{ rule: AlertRule }>(`/alert-rules/${id}`, change),
  remove: (id: number) => api.delete<unknown>(`/alert-rules/${id}`),
};
