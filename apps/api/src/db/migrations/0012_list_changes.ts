import { statements } from './statements';

/**
 * Which prospects changed since a version (the dashboard of the session that just wrote, p99 ≤ 150 ms on
 * the embedded database). A write that changes prospects one by one (a prospect, its comments, its tags, a tag's
 * label; at most 1,000 in a statement) records them in list_changes under the owner's new version; any other change
 * of a list (a campaign, its steps, the owner's name, a larger statement, a truncate) records the version in
 * list_versions.whole_since. A list cached at version V is then brought to the current version by reading again
 * only the prospects with a list_changes version above V, unless whole_since is above V (http/list-cache.ts).
 * The changed prospects get the number their owner's row took, under that row's lock: every later write of the
 * owner waits for this one's commit and takes a higher number, so nothing that commits after a list's version is
 * recorded below it. One row per owner and prospect, and a change of the whole list deletes its owner's rows.
 */
export default statements([
  `alter table list_versions add column whole_since bigint not null default 0`,
  // Lists cached before this migration are rebuilt whole once.
  `update list_versions set whole_since = version`,
  `create table list_changes (
      user_id integer not null,
      prospect_id integer not null,
      version bigint not null,
      primary key (user_id, prospect_id)
    )`,
  `create index list_changes_version_idx on list_changes (user_id, version)`,
  `create function bump_list_versions(owners integer[], prospects integer[]) returns void language plpgsql as $$
    declare
      owner_id integer;
      taken bigint;
    begin
      for owner_id in select distinct o from unnest(owners) o where o is not null order by 1 loop
        insert into list_versions (user_id, version, changed_at) values (owner_id, nextval('list_version_seq'), clock_timestamp())
        on conflict (user_id) do update set version = nextval('list_version_seq'), changed_at = clock_timestamp()
        returning version into taken;
        if prospects is null or cardinality(prospects) > 1000 then
          update list_versions set whole_since = taken where user_id = owner_id;
          -- A list older than this version is read whole from now on: the changes before it are never asked for again.
          delete from list_changes where user_id = owner_id and version < taken;
        else
          insert into list_changes (user_id, prospect_id, version)
          select owner_id, p, taken from (select distinct unnest(prospects) as p) changed where p is not null order by p
          on conflict (user_id, prospect_id) do update set version = excluded.version;
        end if;
      end loop;
    end $$`,
  // The one-argument form (campaigns, their steps, the owner's name): the whole list changes.
  `create or replace function bump_list_versions(owners integer[]) returns void language sql as $$
      select bump_list_versions(owners, null::integer[])
    $$`,
  `create or replace function bump_all_list_versions() returns trigger language plpgsql as $$
    begin
      update list_versions set version = nextval('list_version_seq'), changed_at = clock_timestamp();
      update list_versions set whole_since = version;
      return null;
    end $$`,
  // The tables whose rows show on some prospects: those prospects are recorded.
  ...[
    [
      'prospects',
      `select user_id from ROWS union select c.user_id from campaigns c where c.id in (select campaign_id from ROWS)`,
      'select id from ROWS',
    ],
    [
      'comments',
      `select p.user_id from prospects p where p.id in (select prospect_id from ROWS)`,
      'select prospect_id from ROWS',
    ],
    [
      'prospect_tags',
      `select p.user_id from prospects p where p.id in (select prospect_id from ROWS)`,
      'select prospect_id from ROWS',
    ],
    // A tag's label shows on the prospects that have it (a deleted tag's links are deleted, and recorded, by cascade).
    [
      'tags',
      `select user_id from ROWS`,
      'select pt.prospect_id from prospect_tags pt where pt.tag_id in (select id from ROWS)',
    ],
  ].map(([table, owners, prospects]) => {
    const of = (query: string, rows: string) => query.replaceAll('ROWS', rows);
    const bump = (rows: string[]) =>
      `perform bump_list_versions(array(${rows.map((r) => of(owners!, r)).join(' union ')}), array(${rows.map((r) => of(prospects!, r)).join(' union ')}));`;
    return `create or replace function list_versions_${table}() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            ${bump(['new_rows'])}
          elsif tg_op = 'DELETE' then
            ${bump(['old_rows'])}
          else
            ${bump(['new_rows', 'old_rows'])}
          end if;
          return null;
        end $$`;
  }),
]);
