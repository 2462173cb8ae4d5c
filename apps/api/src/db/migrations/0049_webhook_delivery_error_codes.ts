import { statements } from './statements';

/**
 * A failed webhook attempt's reason as a code (packages/domain webhooks.ts `WEBHOOK_DELIVERY_ERRORS`) beside its
 * English detail, so that the app writes its own sentence and never shows the server's text. Attempts logged before
 * keep a null code and read as `failed`.
 */
export default statements([`alter table webhook_deliveries add column error_code text`]);
