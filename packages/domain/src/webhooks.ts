/**
 * Outgoing webhooks' vocabulary: the events a customer's webhook may subscribe to, the test call's event, the
 * signature header and the limits. The server emits and signs; receivers verify (docs/operations.md).
 */
import type { WebhookDeliveryErrorCode, WebhookEvent } from './contract';

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

/**
 * Why a delivery attempt got no usable answer, in the contract's order: the URL no longer valid or its address
 * refused by the mail servers' rules, no answer in time, a redirect (never followed), a connection or TLS failure,
 * anything else.
 */
export const WEBHOOK_DELIVERY_ERRORS = [
  'url_invalid',
  'url_refused',
  'timeout',
  'redirect',
  'connection_failed',
  'tls_failed',
  'failed',
] as const satisfies readonly WebhookDeliveryErrorCode[];
const everyDeliveryError: [WebhookDeliveryErrorCode] extends [
  (typeof WEBHOOK_DELIVERY_ERRORS)[number],
]
  ? true
  : never = true;
void everyDeliveryError;

/** A stored reason as the contract's code; an unknown or missing one (an attempt logged before codes) is `failed`. */
export function deliveryErrorCode(value: string | null): WebhookDeliveryErrorCode {
  return (WEBHOOK_DELIVERY_ERRORS as readonly (string | null)[]).includes(value)
    ? (value as WebhookDeliveryErrorCode)
    : 'failed';
}
