import { statements } from './statements';

/**
 * The label of each answer on its inbox message (decision 0210): the inbox filters and counts on it (the count to
 * handle leaves out the labels that need no answer), and a user may change it. It lives on inbox_messages rather
 * than in the history entry's data so that a change bumps the owner's inbox version through the existing trigger
 * (migration 0011): the cached unread count and anything that follows the versions see it, whoever writes.
 * `label_set_at`/`label_set_by` say that a user chose it (null: the classifier's suggestion made at import); the
 * classifier's own label, confidence and referral stay in the history entry's data. Answers imported since the
 * classifier keep the label it gave them; older ones have none (they count as needing an answer, as they did).
 */
export default statements([
  `alter table inbox_messages add column label text`,
  `alter table inbox_messages add column label_set_at timestamptz`,
  // No foreign key: the history entry records who changed it, by name, beyond the user's deletion.
  `alter table inbox_messages add column label_set_by integer`,
  `update inbox_messages im set label = h.data->>'label'
     from history_entries h
     where h.id = im.history_entry_id and h.data is not null and h.data->>'label' is not null`,
]);
