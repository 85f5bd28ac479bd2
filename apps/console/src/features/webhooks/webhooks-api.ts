import type { WebhookCreate, WebhookDeliveryView, WebhookUpdate, WebhookView } from '@venue-voice/domain';
import { api } from '../../platform/api';

export type Webhook = WebhookView;
export type WebhookDelivery = WebhookDeliveryView;

export interface DeliveryPage {
  items: WebhookDelivery[];
  nextCursor: string | null;
}

export const webhooksApi = {
  list: () => api.get<{ items: Webhook[] }>('/webhooks'),
  create: (body: WebhookCreate) => api.post<{ id: number; secret: string }>('/webhooks', body),
  update: (id: number, change: WebhookUpdate) => api.patch<unknown>(`/webhooks/${id}`, change),
  remove: (id: number) => api.delete<unknown>(`/webhooks/${id}`),
  test: (id: number) => api.post<{ deliveryId: number; messageId: string }>(`/webhooks/${id}/test`),
  deliveries: (id: number, cursor: string | null) =>
    api.get<DeliveryPage>(`/webhooks/${id}/deliveries`, { cursor }),
};
