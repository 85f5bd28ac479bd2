// Webhooks (issue 30 item 4; decision 0245): events queued per subscribed webhook in the transaction
// of what they report, delivered with Standard Webhooks signatures, retried for 24 hours (O10.1).
//
// How to send what was queued: `enqueueEvent(tx, event)` in your transaction, then, once it committed,
// `webhookSender.kick()` (app.ts makes one per app and decorates the app with it: `app.webhookSender`).
// Without a kick the minute job `webhook-deliveries` sends it; with one it leaves at once.
export {
  DEFAULT_DELIVERY_OPTIONS,
  type DeliveryOptions,
  type SendResult,
  sendDueDeliveries,
} from './deliver';
export { enqueueEvent, type OutgoingEvent } from './enqueue';
export { deliveryLog } from './log';
export {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  queueTestEvent,
  updateWebhook,
  type WebhookChange,
} from './manage';
export { createWebhookSender, type WebhookSender } from './sender';
export { newWebhookSecret, signedHeaders } from './sign';
export { checkTargetHost, checkWebhookUrl, isPublicAddress, type TargetPolicy } from './target';
