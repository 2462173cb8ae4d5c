import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

/**
 * Versioned migrations. Each migration is a list of SQL statements run in
 * order (one statement per query: PGlite's extended protocol refuses batches).
 * Never edit a published migration: add the next version instead.
 */
const statements = (list: string[]): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const statement of list) await sql.raw(statement).execute(db);
  },
});

export const MIGRATIONS: Record<string, Migration> = {
  '0001_users_and_auth': statements([
    `create table users (
      id serial primary key,
      email text not null,
      password_hash text not null,
      first_name text not null,
      last_name text not null,
      is_staff boolean not null default false,
      flags jsonb not null default '[]'::jsonb,
      company_name text not null default '',
      company_website text,
      company_commercial_activity text,
      company_description text,
      smtp_account_limit integer,
      created_at timestamptz not null default now()
    )`,
    `create unique index users_email_key on users (lower(email))`,
    `create table refresh_token_families (
      id text primary key,
      user_id integer not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoked_reason text
    )`,
    `create index refresh_token_families_user_idx on refresh_token_families (user_id)`,
    `create table refresh_tokens (
      id serial primary key,
      family_id text not null references refresh_token_families(id) on delete cascade,
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      used_at timestamptz
    )`,
    `create table reset_codes (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      code_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`,
    `create table outbox (
      id serial primary key,
      "to" text not null,
      subject text not null,
      text text not null,
      transport text not null,
      created_at timestamptz not null default now()
    )`,
  ]),
  '0002_campaigns_and_prospects': statements([
    `create table campaigns (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      name text not null,
      status text not null,
      is_active boolean not null,
      audience integer not null default 0,
      contacted integer not null default 0,
      contacts_opened integer not null default 0,
      contacts_clicked integer not null default 0,
      contacts_answered integer not null default 0,
      last_sync_at timestamptz,
      created_at timestamptz not null default now()
    )`,
    `create index campaigns_user_idx on campaigns (user_id)`,
    `create table campaign_steps (
      id serial primary key,
      campaign_id integer not null references campaigns(id) on delete cascade,
      position integer not null,
      name text not null,
      workflow_step_type text not null,
      contacted integer not null default 0,
      contacts_opened integer not null default 0,
      contacts_clicked integer not null default 0,
      contacts_answered integer not null default 0
    )`,
    `create index campaign_steps_campaign_idx on campaign_steps (campaign_id, position)`,
    `create table prospects (
      id serial primary key,
      campaign_id integer not null references campaigns(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      title text not null default 'undefined',
      first_name text not null default '',
      last_name text not null default '',
      email text,
      phone text,
      direct_line text,
      linkedin text,
      reference text,
      position text,
      score integer,
      prospecting_status text not null,
      has_responses boolean not null default false,
      company_name text not null default '',
      company_website text,
      company_address text,
      event_date timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create index prospects_user_status_idx on prospects (user_id, prospecting_status)`,
    `create index prospects_campaign_idx on prospects (campaign_id)`,
    `create table tags (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      label text not null,
      created_at timestamptz not null default now()
    )`,
    `create unique index tags_user_label_key on tags (user_id, lower(label))`,
    `create table prospect_tags (
      prospect_id integer not null references prospects(id) on delete cascade,
      tag_id integer not null references tags(id) on delete cascade,
      primary key (prospect_id, tag_id)
    )`,
    `create index prospect_tags_tag_idx on prospect_tags (tag_id)`,
    `create table comments (
      id serial primary key,
      prospect_id integer not null references prospects(id) on delete cascade,
      author_id integer not null references users(id) on delete cascade,
      content text not null default '',
      activity text,
      created_at timestamptz not null default now()
    )`,
    `create index comments_prospect_idx on comments (prospect_id, created_at)`,
    `create table history_entries (
      id serial primary key,
      prospect_id integer not null references prospects(id) on delete cascade,
      type text not null,
      content text not null default '',
      direction text,
      from_status text,
      to_status text,
      data jsonb,
      event_date timestamptz not null default now()
    )`,
    `create index history_entries_prospect_idx on history_entries (prospect_id, event_date)`,
    // An inbox message is an inbound history entry (an answer of the prospect) with its read state.
    `create table inbox_messages (
      history_entry_id integer primary key references history_entries(id) on delete cascade,
      prospect_id integer not null references prospects(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      read_at timestamptz
    )`,
    `create index inbox_messages_user_idx on inbox_messages (user_id)`,
    `create index inbox_messages_prospect_idx on inbox_messages (prospect_id)`,
  ]),
  '0003_integrations_and_onboarding': statements([
    `create table email_accounts (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      name text not null,
      email text not null,
      account_type text not null,
      is_valid boolean not null default false,
      first_use boolean not null default true,
      smtp_host text,
      smtp_port integer,
      smtp_secure boolean,
      imap_host text,
      imap_port integer,
      imap_secure boolean,
      password_enc text,
      auth_url text,
      last_error text,
      created_on timestamptz not null default now()
    )`,
    `create index email_accounts_user_idx on email_accounts (user_id)`,
    `create table linkedin_accounts (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      name text not null,
      is_sales_navigator_account boolean not null default false,
      is_valid boolean not null default false,
      first_use boolean not null default true,
      session_cookie_enc text,
      created_on timestamptz not null default now()
    )`,
    `create index linkedin_accounts_user_idx on linkedin_accounts (user_id)`,
    `create table onboarding_submissions (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      submitted_by integer not null references users(id) on delete cascade,
      data jsonb not null,
      created_at timestamptz not null default now()
    )`,
    `create table onboarding_files (
      id serial primary key,
      submission_id integer not null references onboarding_submissions(id) on delete cascade,
      field text not null,
      filename text not null,
      content_type text not null,
      size integer not null,
      sha256 text not null,
      content bytea not null,
      created_at timestamptz not null default now()
    )`,
  ]),
  // The profile's unread answers and the inbox filter inbox_messages by user and join by prospect:
  // one composite index serves both (the user-only index is its prefix). ANALYZE gives the planner
  // statistics at once: PGlite runs no autovacuum, and without them it intersected two bitmap scans
  // per prospect (seconds for a 10,000-prospect customer).
  '0004_inbox_user_prospect_index': statements([
    `create index inbox_messages_user_prospect_idx on inbox_messages (user_id, prospect_id)`,
    `drop index inbox_messages_user_idx`,
    `analyze prospects`,
    `analyze inbox_messages`,
    `analyze history_entries`,
    `analyze comments`,
    `analyze prospect_tags`,
    `analyze tags`,
    `analyze campaigns`,
  ]),
  // Uploaded files live on disk (UPLOAD_DIR), not in the database: a 15 MB bytea write froze the embedded
  // database for seconds. The table keeps their metadata; submissions list the ids in brief.salesPresentation.
  '0005_onboarding_uploads_on_disk': statements([
    `drop table onboarding_files`,
    `create table onboarding_uploads (
      id uuid primary key,
      user_id integer not null references users(id) on delete cascade,
      uploaded_by integer not null references users(id) on delete cascade,
      filename text not null,
      content_type text not null,
      size integer not null,
      sha256 text not null,
      created_at timestamptz not null default now()
    )`,
    `create index onboarding_uploads_user_idx on onboarding_uploads (user_id)`,
    `create index onboarding_submissions_user_idx on onboarding_submissions (user_id, id)`,
  ]),
  // The mailbox watch: where each IMAP account's reading stopped (UIDVALIDITY and the last UID seen), when it
  // was last read, and the mails already imported (by Message-ID), so that nothing is imported twice after a restart
  // or a UIDVALIDITY change.
  '0006_mailbox_watch': statements([
    `alter table email_accounts add column imap_uidvalidity text`,
    `alter table email_accounts add column imap_last_uid bigint not null default 0`,
    `alter table email_accounts add column last_checked_at timestamptz`,
    `create table imported_mails (
      email_account_id integer not null references email_accounts(id) on delete cascade,
      message_id text not null,
      history_entry_id integer references history_entries(id) on delete set null,
      imported_at timestamptz not null default now(),
      primary key (email_account_id, message_id)
    )`,
  ]),
  // External sign-in: the account's tokens (AES-256-GCM, as one JSON document), the key of its auth_url,
  // and the started sign-ins: the SHA-256 of each state (never the state itself), its PKCE verifier (encrypted) and
  // when it expires. A state is deleted when the provider sends the browser back, whatever the outcome.
  '0007_oauth_sign_in': statements([
    `alter table email_accounts add column oauth_tokens_enc text`,
    `alter table email_accounts add column oauth_link_key text`,
    `create table oauth_states (
      state_hash text primary key,
      email_account_id integer not null references email_accounts(id) on delete cascade,
      provider text not null,
      code_verifier_enc text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`,
    `create index oauth_states_expiry_idx on oauth_states (expires_at)`,
  ]),
  // The list version: one row that every write through the API bumps (http/list-cache.ts). Lists cached in
  // a server process and the ETags of list answers carry it, so a write through any process invalidates them all.
  // The epoch is drawn once per database, so an ETag of another (or a recreated) database never matches.
  '0008_list_version': statements([
    `create table list_version (
      id integer primary key check (id = 1),
      epoch text not null,
      version bigint not null default 0
    )`,
    `insert into list_version (id, epoch, version) values (1, substr(md5(random()::text || clock_timestamp()::text), 1, 12), 0)`,
  ]),
  // Login and reset limits in the database (scale-out): every server process on the database counts the
  // same attempts (http/rate-limit.ts, security/login-guard.ts). Rows older than the window are deleted as they go.
  '0009_shared_rate_limits': statements([
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
  ]),
  // Versions per user instead of one for the whole database: a write retires only the lists it changes,
  // so a write for one customer leaves every other customer's cached lists (and ETags) as they were. The database
  // keeps them itself: a trigger on every table a list shows (prospects, their campaign and its steps, tags, last
  // comments, the owner's name and company) gives the owners of the changed rows a new version in the same
  // transaction as the change, whoever writes (an API route, the mailbox watch, the CLI, SQL by hand). The versions
  // come from one sequence, and list_writers keeps, per session (a sign-in: the tabs of one browser share it), the
  // sequence value after its last write through the API: the list cache may serve a list's previous version during
  // its rebuild only to sessions that have written nothing since that version (http/list-cache.ts). list_version
  // keeps its epoch only (renamed list_epoch).
  '0010_list_versions_per_user': statements([
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
      [
        'comments',
        `select p.user_id from prospects p where p.id in (select prospect_id from ROWS)`,
      ],
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
  ]),
  // The unread answers' count of the profile call (p99 at most 50 ms) is kept by each server process under
  // the owner's list version and this inbox version (http/unread-counts.ts): a trigger on inbox_messages gives the
  // owners of the changed messages a new one (an answer received, read, deleted), from the list versions' sequence,
  // in the same transaction as the change, whoever writes. The prospects' changes that move an answer in or out of
  // the inbox (status, has_responses) already bump their owner's list version.
  '0011_inbox_versions': statements([
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
  ]),
  // Which prospects changed since a version (the dashboard of the session that just wrote, p99 ≤ 150 ms on
  // the embedded database). A write that changes prospects one by one (a prospect, its comments, its tags, a tag's
  // label; at most 1,000 in a statement) records them in list_changes under the owner's new version; any other change
  // of a list (a campaign, its steps, the owner's name, a larger statement, a truncate) records the version in
  // list_versions.whole_since. A list cached at version V is then brought to the current version by reading again
  // only the prospects with a list_changes version above V, unless whole_since is above V (http/list-cache.ts).
  // The changed prospects get the number their owner's row took, under that row's lock: every later write of the
  // owner waits for this one's commit and takes a higher number, so nothing that commits after a list's version is
  // recorded below it. One row per owner and prospect, and a change of the whole list deletes its owner's rows.
  '0012_list_changes': statements([
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
  ]),
  // The per-address limits go through @fastify/rate-limit with its store in the database (http/rate-limit-store.ts):
  // one counter per key and window instead of one row per attempt.
  '0013_rate_limit_counters': statements([
    `create table rate_limits (
      key text primary key,
      hits integer not null,
      reset_at timestamptz not null
    )`,
    `create index rate_limits_reset_at_idx on rate_limits (reset_at)`,
    `drop table rate_limit_hits`,
  ]),
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // Pin the bookkeeping tables to the schema in use: Kysely otherwise treats a
  // kysely_migration table of ANY schema in the database as its own.
  const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = current.rows[0]?.schema ?? 'public';
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(),
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
