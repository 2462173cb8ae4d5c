import { statements } from './statements';

export default statements([
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
]);
