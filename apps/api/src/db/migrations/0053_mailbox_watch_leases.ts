import { statements } from './statements';

/**
 * Who keeps a mailbox's IMAP IDLE connection open (integrations/mailbox-idle.ts): one row per mailbox, held by one
 * server instance (`holder`, a random id per process) until `expires_at`, renewed while its connection lives and taken
 * over by another instance once expired. A mailbox whose server has no IDLE is parked under the holder `none` until
 * `expires_at` (the poll reads it meanwhile). The row goes with its account.
 */
export default statements([
  `create table mailbox_watch_leases (
      email_account_id integer primary key references email_accounts(id) on delete cascade,
      holder text not null,
      expires_at timestamptz not null,
      acquired_at timestamptz not null default now()
    )`,
  `create index mailbox_watch_leases_holder_idx on mailbox_watch_leases (holder)`,
]);
