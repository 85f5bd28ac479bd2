import type { IntegrationKey, IntegrationKeyCreateBody } from '@venue-voice/domain';
import { api } from '../../platform/api';

export type { IntegrationKey } from '@venue-voice/domain';

/** The owner's integration keys (`/integration-keys`, O1.3). */
export const integrationsApi = {
  list: () => api.get<{ items: IntegrationKey[] }>('/integration-keys'),
  create: (body: IntegrationKeyCreateBody) =>
    api.post<{ id: number; key: string }>('/integration-keys', body),
  revoke: (id: number) => api.delete<{ key: IntegrationKey }>(`/integration-keys/${id}`),
};

/** A scope's text key: i18next reads `:` as a namespace, so `transactions:write` is `transactions_write`. */
export const scopeText = (scope: string) => `integrations.scopeNames.${scope.replace(':', '_')}`;
