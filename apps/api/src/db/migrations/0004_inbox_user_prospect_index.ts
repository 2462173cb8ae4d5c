import { statements } from './statements';

/**
 * The profile's unread answers and the inbox filter inbox_messages by user and join by prospect:
 * one composite index serves both (the user-only index is its prefix). ANALYZE gives the planner
 * statistics at once: PGlite runs no autovacuum, and without them it intersected two bitmap scans
 * per prospect (seconds for a 10,000-prospect customer).
 */
export default statements([
  `create index inbox_messages_user_prospect_idx on inbox_messages (user_id, prospect_id)`,
  `drop index inbox_messages_user_idx`,
  `analyze prospects`,
  `analyze inbox_messages`,
  `analyze history_entries`,
  `analyze comments`,
  `analyze prospect_tags`,
  `analyze tags`,
  `analyze campaigns`,
]);
