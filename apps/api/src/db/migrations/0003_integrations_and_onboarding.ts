import { statements } from './statements';

export default statements([
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
]);
