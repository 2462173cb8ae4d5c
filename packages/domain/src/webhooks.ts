/**
 * Outgoing webhooks' vocabulary: the events a customer's webhook may subscribe to, the test call's event, the
 * signature header and the limits. The server emits and signs; receivers verify (docs/operations.md).
 */
import type { WebhookEvent } from './contract';

/** The events a webhook subscribes to, in the contract's order. */
export const WEBHOOK_EVENTS = [
  'reply.received',
  'prospect.status_changed',
  'campaign.finished',
] as const satisfies readonly WebhookEvent[];
const everyEvent: [WebhookEvent] extends [(typeof WEBHOOK_EVENTS)[number]] ? true : never = true;
void everyEvent;

/** The test call's event: sent to any webhook, never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Every event a delivery may carry. */
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly unknown[]).includes(value);
}

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Prospecta-Signature';

/** Webhooks per customer. */
export const MAX_WEBHOOKS_PER_USER = 10;

/** Deliveries the log answers (newest first). */
export const WEBHOOK_LOG_SIZE = 50;
