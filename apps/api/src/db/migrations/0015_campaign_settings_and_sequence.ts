import { statements } from './statements';

/**
 * The campaign builder's model: a campaign's settings (language, time zone, sending days and hours, daily cap per
 * mailbox, stop on reply, start date) and its brief, kept with it; each step's template (subject, body, delay after
 * the previous step, condition) and its draft mark. Existing campaigns take the model's defaults.
 */
export default statements([
  `alter table campaigns add column language text not null default 'fr'`,
  `alter table campaigns add column time_zone text not null default 'Europe/Zurich'`,
  `alter table campaigns add column sending_days jsonb not null default '[1,2,3,4,5]'`,
  `alter table campaigns add column sending_start text not null default '09:00'`,
  `alter table campaigns add column sending_end text not null default '17:00'`,
  `alter table campaigns add column daily_cap integer not null default 50`,
  `alter table campaigns add column stop_on_reply boolean not null default true`,
  `alter table campaigns add column start_date text`,
  `alter table campaigns add column brief jsonb`,
  `alter table campaigns add column updated_at timestamptz not null default now()`,
  `create index campaigns_user_status_idx on campaigns (user_id, status)`,
  `alter table campaign_steps add column subject text not null default ''`,
  `alter table campaign_steps add column body text not null default ''`,
  `alter table campaign_steps add column delay_days integer not null default 0`,
  `alter table campaign_steps add column condition text not null default 'none'`,
  `alter table campaign_steps add column draft_template boolean not null default false`,
]);
