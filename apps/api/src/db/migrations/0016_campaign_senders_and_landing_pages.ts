import { statements } from './statements';

/**
 * A campaign's sender mailboxes (the owner's e-mail accounts; an account deleted leaves the campaign) and its
 * landing pages, each with the key the bodies' links name and its UTM parameters.
 */
export default statements([
  `create table campaign_mailboxes (
      campaign_id integer not null references campaigns(id) on delete cascade,
      email_account_id integer not null references email_accounts(id) on delete cascade,
      primary key (campaign_id, email_account_id)
    )`,
  `create index campaign_mailboxes_account_idx on campaign_mailboxes (email_account_id)`,
  `create table landing_pages (
      id serial primary key,
      campaign_id integer not null references campaigns(id) on delete cascade,
      position integer not null,
      key text not null,
      name text not null,
      url text not null,
      utm_source text not null default '',
      utm_medium text not null default '',
      utm_campaign text not null default '',
      utm_content text not null default '',
      utm_term text not null default ''
    )`,
  `create unique index landing_pages_campaign_key on landing_pages (campaign_id, key)`,
]);
