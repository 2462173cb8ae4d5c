/**
 * The access token of a mailbox signed in through Google or Microsoft, as the mailbox watch (IMAP) and the sending
 * engine (SMTP) use it: read from the account's encrypted tokens, renewed with the refresh token first when it
 * expires within a minute, and once more when the mail server refuses it; the renewed tokens are stored encrypted
 * at once (a provider that rotates refresh tokens invalidates the old one).
 */
import type { ExternalSignInProvider } from '@prospecta/domain';
import type { Db } from '../db/index';
import type { EmailAccountRow } from '../db/types';
import { integrationsRepository } from '../repositories/integrations';
import type { SecretBox } from '../security/secret-box';
import { OAuthRefreshRefused, tokensAad, type OAuthClients, type StoredOAuthTokens } from './oauth';

/** An access token this close to its expiry (seconds) is renewed before it is used. */
export const EXPIRY_MARGIN_SECONDS = 60;

/**
 * Why no usable access token could be had: the user withdrew the access (refresh refused, tokens unreadable, or a
 * fresh token the server still refuses), or the provider could not be reached (or is not configured).
 */
export class OAuthAccessFailed extends Error {
  override name = 'OAuthAccessFailed';
  constructor(
    readonly reason: 'consent_withdrawn' | 'provider_unreachable',
    cause?: unknown,
  ) {
    super(reason, { cause });
  }
}

export interface OAuthAccessDeps {
  db: Db;
  secretBox: SecretBox;
  oauth?: OAuthClients | undefined;
}

/**
 * Runs `use` with the account's access token, renewed first when it is about to expire, and renewed once more when
 * `use` fails with an error `refused` says is a refused token. Throws OAuthAccessFailed, or `use`'s other errors.
 */
export async function withAccessToken<T>(
  deps: OAuthAccessDeps,
  account: Pick<EmailAccountRow, 'id' | 'oauth_tokens_enc'>,
  provider: ExternalSignInProvider,
  use: (accessToken: string) => Promise<T>,
  refused: (error: unknown) => boolean,
): Promise<T> {
  const { oauth, secretBox } = deps;
  if (!oauth?.isConfigured(provider))
    throw new OAuthAccessFailed(
      'provider_unreachable',
      new Error(`${provider} sign-in is not configured`),
    );
  let tokens: StoredOAuthTokens;
  try {
    tokens = JSON.parse(
      secretBox.decrypt(account.oauth_tokens_enc ?? '', tokensAad(account.id)),
    ) as StoredOAuthTokens;
  } catch (error) {
    throw new OAuthAccessFailed('consent_withdrawn', error);
  }
  let refreshed = false;
  const refresh = async () => {
    try {
      tokens = await oauth.refresh(provider, tokens);
    } catch (error) {
      throw new OAuthAccessFailed(
        error instanceof OAuthRefreshRefused ? 'consent_withdrawn' : 'provider_unreachable',
        error,
      );
    }
    refreshed = true;
    await integrationsRepository(deps.db).saveOAuthTokens(
      account.id,
      secretBox.encrypt(JSON.stringify(tokens), tokensAad(account.id)),
    );
  };
  if (tokens.expires_at !== null && tokens.expires_at - EXPIRY_MARGIN_SECONDS <= Date.now() / 1000)
    await refresh();
  for (;;) {
    try {
      return await use(tokens.access_token);
    } catch (error) {
      if (!refused(error)) throw error;
      if (refreshed) throw new OAuthAccessFailed('consent_withdrawn', error);
      await refresh();
    }
  }
}

/**
 * When the account's stored access token stops being used (ms since the epoch: its expiry less the renewal margin),
 * or null when the provider gave no expiry or the tokens cannot be read. A connection kept open (the watch's IDLE)
 * signs in again by then, with a renewed token.
 */
export function accessTokenRenewalTime(
  secretBox: SecretBox,
  account: Pick<EmailAccountRow, 'id' | 'oauth_tokens_enc'>,
): number | null {
  try {
    const tokens = JSON.parse(
      secretBox.decrypt(account.oauth_tokens_enc ?? '', tokensAad(account.id)),
    ) as StoredOAuthTokens;
    return tokens.expires_at === null ? null : (tokens.expires_at - EXPIRY_MARGIN_SECONDS) * 1000;
  } catch {
    return null;
  }
}
