import { statements } from './statements';

/**
 * The mailbox watch: where each IMAP account's reading stopped (UIDVALIDITY and the last UID seen), when it
 * was last read, and the mails already imported (by Message-ID), so that nothing is imported twice after a restart
 * or a UIDVALIDITY change.
 */
export default statements([
  `alter table email_accounts add column imap_uidvalidity text`,
  `alter table email_accounts add column imap_last_uid bigint not null default 0`,
  `alter table email_accounts add column last_checked_at timestamptz`,
  `create table imported_mails (
      email_account_id integer not null references email_accounts(id) on delete cascade,
      message_id text not null,
      history_entry_id integer references history_entries(id) on delete set null,
      imported_at timestamptz not null default now(),
      primary key (email_account_id, message_id)
    )`,
]);
