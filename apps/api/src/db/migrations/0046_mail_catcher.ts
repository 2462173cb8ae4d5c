import { statements } from './statements';

/**
 * The local mail catcher (mail/catcher.ts) stores each message it receives whole in `outbox`, beside the rows the
 * outbox mailer writes (`transport` = 'catcher' for caught ones): the raw source, the SMTP envelope, the parsed sender,
 * date, HTML and the headers a reader checks (Message-ID, In-Reply-To, References, List-Unsubscribe,
 * List-Unsubscribe-Post). Rows of the outbox mailer leave them null. `"to"`, `subject` and `text` keep their meaning,
 * so the reset codes stay readable at GET /api/dev/outbox whichever way the mail went.
 */
export default statements([
  `alter table outbox
      add column raw text,
      add column envelope_from text,
      add column envelope_to jsonb,
      add column "from" text,
      add column html text,
      add column sent_at timestamptz,
      add column headers jsonb,
      add column size integer`,
  `create index outbox_transport_idx on outbox (transport, id desc)`,
]);
