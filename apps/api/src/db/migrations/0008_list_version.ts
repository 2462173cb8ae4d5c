import { statements } from './statements';

/**
 * The list version: one row that every write through the API bumps (http/list-cache.ts). Lists cached in
 * a server process and the ETags of list answers carry it, so a write through any process invalidates them all.
 * The epoch is drawn once per database, so an ETag of another (or a recreated) database never matches.
 */
export default statements([
  `create table list_version (
      id integer primary key check (id = 1),
      epoch text not null,
      version bigint not null default 0
    )`,
  `insert into list_version (id, epoch, version) values (1, substr(md5(random()::text || clock_timestamp()::text), 1, 12), 0)`,
]);
