import { statements } from './statements';

/**
 * The sending engine's model (vocabulary in packages/domain/src/campaign-events.ts):
 *
 * - `prospect_sequences`: where each prospect of a launched campaign stands in its sequence: the position of its
 *   next step and when it is due (null while a send is in flight), the thread's first Message-ID, and why it stopped.
 * - `sends`: one planned e-mail step of one prospect. `unique (prospect_id, step_id)` makes a step sent at most once
 *   per prospect whatever the number of instances; the Message-ID is ours, recorded before the SMTP transaction, so
 *   that replies match it and a send whose outcome is unknown is known as such.
 * - `campaign_events`: every send, refusal, bounce, open, click, reply, unsubscribe and task of a prospect. The
 *   figures derive from them.
 * - `event_marks`: the first event of a kind per prospect and step (`step_id` 0: the campaign's own figure), so that
 *   each figure is a count of distinct prospects kept up to date in the event's transaction, in constant time.
 * - `tasks`: the LinkedIn steps, which nothing sends: the customer does them by hand, or skips them.
 * - Mailboxes: a pause for the campaigns with its reason, consecutive send errors, the last send (spacing).
 * - Campaigns: tracking switches and the random spacing between two sends of a mailbox; steps: threading.
 */
export default statements([
  `create table prospect_sequences (
      prospect_id integer primary key references prospects(id) on delete cascade,
      campaign_id integer not null references campaigns(id) on delete cascade,
      next_position integer,
      next_due_at timestamptz,
      thread_message_id text,
      stopped_reason text,
      stopped_at timestamptz,
      updated_at timestamptz not null default now()
    )`,
  `create index prospect_sequences_due_idx on prospect_sequences (campaign_id, next_due_at)
      where stopped_reason is null and next_position is not null`,
  `create table sends (
      id bigserial primary key,
      campaign_id integer not null references campaigns(id) on delete cascade,
      step_id integer not null references campaign_steps(id) on delete cascade,
      prospect_id integer not null references prospects(id) on delete cascade,
      email_account_id integer references email_accounts(id) on delete set null,
      message_id text not null,
      state text not null,
      due_at timestamptz not null,
      attempts integer not null default 0,
      last_error text,
      sending_at timestamptz,
      sent_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
  `create unique index sends_prospect_step_key on sends (prospect_id, step_id)`,
  `create unique index sends_message_id_key on sends (message_id)`,
  `create index sends_campaign_state_idx on sends (campaign_id, state)`,
  `create index sends_due_idx on sends (due_at) where state in ('scheduled', 'deferred')`,
  `create index sends_account_sent_idx on sends (email_account_id, sent_at)`,
  `create table campaign_events (
      id bigserial primary key,
      campaign_id integer not null references campaigns(id) on delete cascade,
      prospect_id integer references prospects(id) on delete cascade,
      step_id integer references campaign_steps(id) on delete set null,
      send_id bigint references sends(id) on delete set null,
      email_account_id integer references email_accounts(id) on delete set null,
      type text not null,
      data jsonb,
      occurred_at timestamptz not null default now()
    )`,
  `create index campaign_events_campaign_idx on campaign_events (campaign_id, type, step_id)`,
  `create index campaign_events_prospect_idx on campaign_events (prospect_id, occurred_at)`,
  `create index campaign_events_account_idx on campaign_events (email_account_id, occurred_at)`,
  `create table event_marks (
      prospect_id integer not null references prospects(id) on delete cascade,
      step_id integer not null,
      figure text not null,
      campaign_id integer not null references campaigns(id) on delete cascade,
      first_at timestamptz not null default now(),
      primary key (prospect_id, step_id, figure)
    )`,
  `create index event_marks_campaign_idx on event_marks (campaign_id, step_id, figure)`,
  `create table tasks (
      id serial primary key,
      campaign_id integer not null references campaigns(id) on delete cascade,
      step_id integer not null references campaign_steps(id) on delete cascade,
      prospect_id integer not null references prospects(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      type text not null,
      body text not null default '',
      due_at timestamptz not null,
      state text not null default 'open',
      done_at timestamptz,
      done_by integer references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`,
  `create unique index tasks_prospect_step_key on tasks (prospect_id, step_id)`,
  `create index tasks_user_state_idx on tasks (user_id, state, due_at)`,
  `alter table email_accounts add column sending_paused_at timestamptz`,
  `alter table email_accounts add column sending_paused_reason text`,
  `alter table email_accounts add column send_errors integer not null default 0`,
  `alter table email_accounts add column last_sent_at timestamptz`,
  `alter table campaigns add column track_opens boolean not null default true`,
  `alter table campaigns add column track_clicks boolean not null default true`,
  `alter table campaigns add column spacing_min_seconds integer not null default 60`,
  `alter table campaigns add column spacing_max_seconds integer not null default 180`,
  `alter table campaign_steps add column new_thread boolean not null default false`,
]);
