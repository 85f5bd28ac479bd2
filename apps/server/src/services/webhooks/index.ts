// Webhooks (issue 30 item 4): events queued per subscribed webhook, delivered with Standard Webhooks signatures.
export { enqueueEvent, type OutgoingEvent } from './enqueue';
