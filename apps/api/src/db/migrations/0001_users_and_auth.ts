import { statements } from './statements';

export default statements([
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
]);
