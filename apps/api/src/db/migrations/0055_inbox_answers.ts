import { statements } from './statements';

/**
 * Answers sent from the inbox (decision 0225) and the mailboxes' signatures (decision 0226):
 *
 * - `email_accounts.signature`: plain text appended to the answers sent from the mailbox; '' for none.
 * - `inbox_answers`: one row per attempt to answer a prospect's e-mail, keyed by the app's idempotency key (a key is
 *   never sent twice), `sending` while the mail server is spoken to, then `sent` (with the outbound history entry)
 *   or `failed` (with its code). At most one attempt per answered message is `sending` at a time.
 */
export default statements([
  `alter table email_accounts add column signature text not null default ''`,
  `create table inbox_answers (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      reply_entry_id integer not null references history_entries(id) on delete cascade,
      prospect_id integer not null references prospects(id) on delete cascade,
      idempotency_key text not null,
      email_account_id integer references email_accounts(id) on delete set null,
      state text not null,
      message_id text not null,
      error_code text,
      error text,
      history_entry_id integer references history_entries(id) on delete set null,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    )`,
  `create unique index inbox_answers_key_idx on inbox_answers (user_id, idempotency_key)`,
  `create unique index inbox_answers_one_sending_idx on inbox_answers (reply_entry_id) where state = 'sending'`,
]);
