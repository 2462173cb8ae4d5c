import { statements } from './statements';

/**
 * The unread answers' count of the profile call (p99 at most 50 ms) is kept by each server process under
 * the owner's list version and this inbox version (http/unread-counts.ts): a trigger on inbox_messages gives the
 * owners of the changed messages a new one (an answer received, read, deleted), from the list versions' sequence,
 * in the same transaction as the change, whoever writes. The prospects' changes that move an answer in or out of
 * the inbox (status, has_responses) already bump their owner's list version.
 */
export default statements([
  `create table inbox_versions (
      user_id integer primary key,
      version bigint not null
    )`,
  `create function bump_inbox_versions(owners integer[]) returns void language sql as $$
      insert into inbox_versions (user_id, version)
      select owner, nextval('list_version_seq') from (select distinct unnest(owners) as owner) o
      where owner is not null order by owner
      on conflict (user_id) do update set version = nextval('list_version_seq')
    $$`,
  `create function inbox_versions_inbox_messages() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform bump_inbox_versions(array(select user_id from new_rows));
      elsif tg_op = 'DELETE' then
        perform bump_inbox_versions(array(select user_id from old_rows));
      else
        perform bump_inbox_versions(array(select user_id from new_rows union select user_id from old_rows));
      end if;
      return null;
    end $$`,
  `create function bump_all_inbox_versions() returns trigger language plpgsql as $$
    begin
      update inbox_versions set version = nextval('list_version_seq');
      return null;
    end $$`,
  `create trigger inbox_versions_insert after insert on inbox_messages referencing new table as new_rows for each statement execute function inbox_versions_inbox_messages()`,
  `create trigger inbox_versions_update after update on inbox_messages referencing old table as old_rows new table as new_rows for each statement execute function inbox_versions_inbox_messages()`,
  `create trigger inbox_versions_delete after delete on inbox_messages referencing old table as old_rows for each statement execute function inbox_versions_inbox_messages()`,
  `create trigger inbox_versions_truncate after truncate on inbox_messages for each statement execute function bump_all_inbox_versions()`,
]);
