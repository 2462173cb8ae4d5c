import { statements } from './statements';

/**
 * Imports of prospects into a campaign, and the customer's suppression list.
 *
 * - `suppressions`: the addresses a customer must never write to again (unsubscribed, bounced); the sending engine
 *   adds them, an import refuses them. One row per customer and address (lower case).
 * - `imports`: one uploaded file and its progress through analysis, validation and commit; everything a reload or
 *   another device shows lives here (state, progress, columns, mapping, the first rows, counts, the failure).
 * - `import_rows`: every row of a validated import, as it will be stored, with its refusal reason (null: valid)
 *   and, for refused rows, the cells as read (the report). Written by the validation, read by the commit.
 * - `prospects.import_id`: the import that stored a prospect, so that a cancelled commit removes exactly those.
 * - Indexes on the prospects' addresses for the validation's checks (this campaign, the customer's other ones).
 */
export default statements([
  `create table suppressions (
      user_id integer not null references users(id) on delete cascade,
      email text not null,
      reason text not null check (reason in ('unsubscribed', 'bounced')),
      created_at timestamptz not null default now(),
      primary key (user_id, email)
    )`,
  `create table imports (
      id serial primary key,
      campaign_id integer not null references campaigns(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      created_by integer references users(id) on delete set null,
      file_name text not null,
      file_path text not null,
      file_size bigint not null,
      format text,
      encoding text,
      delimiter text,
      state text not null,
      failed_step text,
      error_code text,
      error_detail text,
      progress_done bigint not null default 0,
      progress_total bigint not null default 0,
      columns jsonb not null default '[]',
      mapping jsonb not null default '[]',
      other_campaigns text not null default 'skip',
      first_rows jsonb not null default '[]',
      row_count integer not null default 0,
      valid_count integer not null default 0,
      refused_count integer not null default 0,
      imported_count integer not null default 0,
      by_reason jsonb not null default '{}',
      committed_through integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
  `create index imports_campaign_idx on imports (campaign_id, id desc)`,
  `create table import_rows (
      import_id integer not null references imports(id) on delete cascade,
      row_number integer not null,
      email text,
      prospect jsonb not null,
      reason text,
      cells jsonb,
      primary key (import_id, row_number)
    )`,
  `create index import_rows_email_idx on import_rows (import_id, email)`,
  `alter table prospects add column import_id integer references imports(id) on delete set null`,
  `create index prospects_import_idx on prospects (import_id) where import_id is not null`,
  `create index prospects_campaign_email_idx on prospects (campaign_id, lower(email))`,
  `create index prospects_user_email_idx on prospects (user_id, lower(email))`,
]);
