import { statements } from './statements';

/**
 * External sign-in: the account's tokens (AES-256-GCM, as one JSON document), the key of its auth_url,
 * and the started sign-ins: the SHA-256 of each state (never the state itself), its PKCE verifier (encrypted) and
 * when it expires. A state is deleted when the provider sends the browser back, whatever the outcome.
 */
export default statements([
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
]);
