import { statements } from './statements';

/**
 * Login and reset limits in the database (scale-out): every server process on the database counts the
 * same attempts (security/login-guard.ts). rate_limit_hits held one row per attempt; 0013 replaces it with one
 * counter per key and window.
 */
export default statements([
  `create table rate_limit_hits (
      key text not null,
      at timestamptz not null
    )`,
  `create index rate_limit_hits_key_at_idx on rate_limit_hits (key, at)`,
  `create table login_backoff (
      key text primary key,
      failures integer not null,
      last_at timestamptz not null
    )`,
]);
