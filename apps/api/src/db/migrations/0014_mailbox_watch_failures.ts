import { statements } from './statements';

/**
 * The mailbox watch runs as jobs on every instance: a failing mailbox's consecutive failures are kept with it, so that
 * its growing wait (twice the interval after each failure) holds across instances and restarts.
 */
export default statements([
  `alter table email_accounts add column watch_failures integer not null default 0`,
]);
