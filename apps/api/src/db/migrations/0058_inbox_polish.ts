import { statements } from './statements';

/**
 * What the inbox learned to say and do after an answer (decisions 0250, 0251):
 *
 * - `suppressions.reply_entry_id`: the prospect's answer whose `unsubscribe` label put the address on the list (the
 *   classifier's or a user's); null when a link, a bounce, an import or anything else did. Only such a row is lifted
 *   when the answer is labelled otherwise; a link or a bounce of the same address afterwards clears it.
 * - `inbox_messages.answered_at`: when the user last answered this answer from the inbox, taken from the answers
 *   already sent. Written with the answer, it changes the owner's inbox version, so the other tabs see the mark.
 * - `email_accounts.sent_copy_error` / `sent_copy_failed_at`: why the last answer's copy into the mailbox's Sent
 *   folder failed, and when; null once a copy works.
 */
export default statements([
  `alter table suppressions add column reply_entry_id integer references history_entries(id) on delete set null`,
  `alter table inbox_messages add column answered_at timestamptz`,
  `update inbox_messages im set answered_at = a.sent_at
     from (select reply_entry_id, max(sent_at) as sent_at from inbox_answers
           where state = 'sent' group by reply_entry_id) a
     where a.reply_entry_id = im.history_entry_id`,
  `alter table email_accounts add column sent_copy_error text`,
  `alter table email_accounts add column sent_copy_failed_at timestamptz`,
]);
