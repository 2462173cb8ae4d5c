import { statements } from './statements';

/**
 * Outgoing webhooks (vocabulary in packages/domain/src/webhooks.ts):
 *
 * - `webhooks`: a customer's receiver URL, the events it subscribes to, its signing secret sealed by the server's
 *   SecretBox (associated data `webhook:<id>`, like the mail passwords), and an active switch.
 * - `webhook_deliveries`: one row per delivery attempt, its answer's status and first characters, the error when no
 *   answer came, and the duration: the log staff read. Rows older than 30 days are removed as new ones come.
 */
export default statements([
  `create table webhooks (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      url text not null,
      events jsonb not null,
      description text not null default '',
      secret_enc text,
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
  `create index webhooks_user_idx on webhooks (user_id)`,
  `create table webhook_deliveries (
      id bigserial primary key,
      webhook_id integer not null references webhooks(id) on delete cascade,
      event text not null,
      event_id text not null,
      payload jsonb not null,
      attempt integer not null,
      outcome text not null,
      status_code integer,
      response_snippet text,
      error text,
      duration_ms integer not null,
      created_at timestamptz not null default now()
    )`,
  `create index webhook_deliveries_webhook_idx on webhook_deliveries (webhook_id, id desc)`,
  `create index webhook_deliveries_created_idx on webhook_deliveries (created_at)`,
]);
