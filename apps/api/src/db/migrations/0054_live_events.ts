import { statements } from './statements';

/**
 * The live event streams (http/live.ts) learn of every change a user's screens show from the versions the database
 * already keeps (list_versions, migration 0010; inbox_versions, 0011): a trigger on each of those tables sends, with
 * NOTIFY, the users whose version changed and their new version, so that any write (an API route, the mailbox watch,
 * a job, the CLI, SQL by hand) that changes a list or an inbox reaches the browsers without its code publishing
 * anything. A NOTIFY is delivered when its transaction commits, never before, so a browser that refetches on it sees
 * the write. Ended sign-ins (signed out, signed out everywhere, a password change, a reused refresh token, a deleted
 * user) are sent the same way, so their streams close on every instance at once.
 *
 * The channel is `live_<schema>` (several isolated schemas share one PostgreSQL database: tests, benchmarks). A
 * payload is `<kind> <item> <item>…`: `l <user>:<version>` (lists), `i <user>:<version>` (inbox), `s <session id>`
 * (ended sign-ins). Past 7,000 bytes (NOTIFY takes at most 8,000) it is `<kind> *`: every stream reads its versions
 * or checks its sign-in again. A transaction's identical payloads are sent once.
 */
export default statements([
  `create function live_notify(kind text, items text) returns void language plpgsql as $$
    begin
      if items is null or items = '' then
        return;
      end if;
      if octet_length(items) > 7000 then
        items := '*';
      end if;
      perform pg_notify('live_' || current_schema(), kind || ' ' || items);
    end $$`,
  ...[
    ['list_versions', 'l'],
    ['inbox_versions', 'i'],
  ].flatMap(([table, kind]) => [
    `create function live_${table}() returns trigger language plpgsql as $$
      begin
        perform live_notify('${kind}', (select string_agg(user_id || ':' || version, ' ' order by user_id) from new_rows));
        return null;
      end $$`,
    `create trigger live_insert after insert on ${table} referencing new table as new_rows for each statement execute function live_${table}()`,
    `create trigger live_update after update on ${table} referencing new table as new_rows for each statement execute function live_${table}()`,
  ]),
  `create function live_refresh_token_families() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform live_notify('s', (select string_agg(id, ' ') from old_rows));
      else
        perform live_notify('s', (
          select string_agg(n.id, ' ') from new_rows n join old_rows o on o.id = n.id
          where n.revoked_at is not null and o.revoked_at is null
        ));
      end if;
      return null;
    end $$`,
  `create trigger live_update after update on refresh_token_families referencing old table as old_rows new table as new_rows for each statement execute function live_refresh_token_families()`,
  `create trigger live_delete after delete on refresh_token_families referencing old table as old_rows for each statement execute function live_refresh_token_families()`,
]);
