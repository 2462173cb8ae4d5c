import { statements } from './statements';

/**
 * Versions per user instead of one for the whole database: a write retires only the lists it changes,
 * so a write for one customer leaves every other customer's cached lists (and ETags) as they were. The database
 * keeps them itself: a trigger on every table a list shows (prospects, their campaign and its steps, tags, last
 * comments, the owner's name and company) gives the owners of the changed rows a new version in the same
 * transaction as the change, whoever writes (an API route, the mailbox watch, the CLI, SQL by hand). The versions
 * come from one sequence, and list_writers keeps, per session (a sign-in: the tabs of one browser share it), the
 * sequence value after its last write through the API: the list cache may serve a list's previous version during
 * its rebuild only to sessions that have written nothing since that version (http/list-cache.ts). list_version
 * keeps its epoch only (renamed list_epoch).
 */
export default statements([
  `alter table list_version rename to list_epoch`,
  `alter table list_epoch drop column version`,
  `create sequence list_version_seq`,
  // No foreign key: deleting a user cascades into rows whose triggers still name that user.
  `create table list_versions (
      user_id integer primary key,
      version bigint not null,
      changed_at timestamptz not null default now()
    )`,
  `create table list_writers (
      writer text primary key,
      version bigint not null,
      written_at timestamptz not null default now()
    )`,
  `create index list_writers_written_at_idx on list_writers (written_at)`,
  // In the owners' order, so two writes bumping the same owners lock their rows in the same order (no deadlock).
  // An existing row takes its number once its lock is held (do update), so an owner's versions grow in the order
  // the writes commit: a write that waited for another one's commit always ends with the higher version.
  `create function bump_list_versions(owners integer[]) returns void language sql as $$
      insert into list_versions (user_id, version, changed_at)
      select owner, nextval('list_version_seq'), clock_timestamp() from (select distinct unnest(owners) as owner) o
      where owner is not null order by owner
      on conflict (user_id) do update set version = nextval('list_version_seq'), changed_at = clock_timestamp()
    $$`,
  `create function bump_all_list_versions() returns trigger language plpgsql as $$
    begin
      update list_versions set version = nextval('list_version_seq'), changed_at = clock_timestamp();
      return null;
    end $$`,
  // One function per table: the owners of the rows a statement inserted (new_rows), deleted (old_rows) or updated (both).
  ...[
    [
      'prospects',
      `select user_id from ROWS union select c.user_id from campaigns c where c.id in (select campaign_id from ROWS)`,
    ],
    [
      'campaigns',
      `select user_id from ROWS union select p.user_id from prospects p where p.campaign_id in (select id from ROWS)`,
    ],
    [
      'campaign_steps',
      `select c.user_id from campaigns c where c.id in (select campaign_id from ROWS)`,
    ],
    ['comments', `select p.user_id from prospects p where p.id in (select prospect_id from ROWS)`],
    [
      'prospect_tags',
      `select p.user_id from prospects p where p.id in (select prospect_id from ROWS)`,
    ],
    ['tags', `select user_id from ROWS`],
  ].flatMap(([table, owners]) => {
    const of = (rows: string) => owners!.replaceAll('ROWS', rows);
    return [
      `create function list_versions_${table}() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            perform bump_list_versions(array(${of('new_rows')}));
          elsif tg_op = 'DELETE' then
            perform bump_list_versions(array(${of('old_rows')}));
          else
            perform bump_list_versions(array(${of('new_rows')} union ${of('old_rows')}));
          end if;
          return null;
        end $$`,
      `create trigger list_versions_insert after insert on ${table} referencing new table as new_rows for each statement execute function list_versions_${table}()`,
      `create trigger list_versions_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function list_versions_${table}()`,
      `create trigger list_versions_delete after delete on ${table} referencing old table as old_rows for each statement execute function list_versions_${table}()`,
      `create trigger list_versions_truncate after truncate on ${table} for each statement execute function bump_all_list_versions()`,
    ];
  }),
  // The owner's name and company show in their campaigns' detail: only a change of those bumps a user.
  `create function list_versions_users() returns trigger language plpgsql as $$
    begin
      perform bump_list_versions(array(
        select n.id from new_rows n join old_rows o on o.id = n.id
        where (n.first_name, n.last_name, n.company_name) is distinct from (o.first_name, o.last_name, o.company_name)
      ));
      return null;
    end $$`,
  `create trigger list_versions_update after update on users referencing old table as old_rows new table as new_rows for each statement execute function list_versions_users()`,
]);
