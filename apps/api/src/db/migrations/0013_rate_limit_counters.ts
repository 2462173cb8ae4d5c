import { statements } from './statements';

/**
 * The per-address limits go through @fastify/rate-limit with its store in the database (http/rate-limit-store.ts):
 * one counter per key and window instead of one row per attempt.
 */
export default statements([
  `create table rate_limits (
      key text primary key,
      hits integer not null,
      reset_at timestamptz not null
    )`,
  `create index rate_limits_reset_at_idx on rate_limits (reset_at)`,
  `drop table rate_limit_hits`,
]);
