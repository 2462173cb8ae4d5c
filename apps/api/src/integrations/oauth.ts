import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import {
  isLoopbackUrl,
  OAUTH_PROVIDER_DEFAULTS,
  type OAuthProviderName,
  type OAuthProviderSettings,
  type OAuthSettings,
} from '../config';

/**
 * The external sign-in of the large mail providers: an OAuth 2.0 authorization-code flow with PKCE (S256) and a
 * random state, through openid-client (OpenID Connect discovery, code exchange, ID token checks). This module
 * knows the protocol; the routes (routes/integrations.ts) keep the accounts and the states.
 */

/** The provider's discovery document (or its token endpoint) could not be read. */
export class OAuthProviderUnreachable extends Error {}

/** The provider refused the code exchange, or its answer did not pass the checks (state, issuer, ID token). */
export class OAuthExchangeFailed extends Error {}

/**
 * The provider refused the refresh token (`invalid_grant`): the user withdrew the consent, changed the password, or
 * the token expired unused. Only a new sign-in gives access again.
 */
export class OAuthRefreshRefused extends Error {}

/** The tokens kept (encrypted) for a connected account. */
export interface StoredOAuthTokens {
  access_token: string;
  refresh_token: string | null;
  token_type: string;
  scope: string | null;
  /** Seconds since the epoch; null when the provider said nothing. */
  expires_at: number | null;
}

export interface CompletedSignIn {
  tokens: StoredOAuthTokens;
  /** The mailbox's address, from the ID token (`email`, else Microsoft's `preferred_username`). */
  email: string | null;
}

/** A new random secret (256 bits, base64url): states, PKCE verifiers, auth_url keys. */
export const randomSecret = (): string => randomBytes(32).toString('base64url');

/** States are stored as their SHA-256: a database reader cannot complete a sign-in with them. */
export const hashState = (state: string): string =>
  createHash('sha256').update(state).digest('hex');

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The associated data binding a sealed value to its row (see SecretBox). */
export const tokensAad = (accountId: number) => `email_account:${accountId}:oauth_tokens`;
export const verifierAad = (stateHash: string) => `oauth_state:${stateHash}`;

export class OAuthClients {
  private readonly configurations = new Map<OAuthProviderName, Promise<client.Configuration>>();

  constructor(private readonly settings: OAuthSettings | undefined) {}

  get stateTtlSeconds(): number {
    return this.settings?.stateTtlSeconds ?? 900;
  }

  get redirectBaseUrl(): string {
    return this.settings?.redirectBaseUrl ?? '';
  }

  isConfigured(provider: OAuthProviderName): boolean {
    return this.settings?.providers[provider] !== undefined;
  }

  /** The provider's IMAP server (implicit TLS), where the mailbox watch signs in with XOAUTH2. */
  imapServer(provider: OAuthProviderName): { host: string; port: number } {
    return this.provider(provider).imap;
  }

  /** The provider's SMTP server, where the sending engine signs in with XOAUTH2 (465: implicit TLS, else STARTTLS). */
  smtpServer(provider: OAuthProviderName): { host: string; port: number } {
    return this.provider(provider).smtp ?? OAUTH_PROVIDER_DEFAULTS[provider].smtp;
  }

  /** The redirect_uri registered with the provider. */
  redirectUri(provider: OAuthProviderName): string {
    return `${this.redirectBaseUrl}/api/v2/integrations/email/${provider}/callback`;
  }

  private provider(provider: OAuthProviderName): OAuthProviderSettings {
    const settings = this.settings?.providers[provider];
    if (!settings) throw new Error(`OAuth provider ${provider} is not configured`);
    return settings;
  }

  /** The provider's configuration, discovered once (a failed discovery is tried again on the next call). */
  configuration(provider: OAuthProviderName): Promise<client.Configuration> {
    const cached = this.configurations.get(provider);
    if (cached) return cached;
    const settings = this.provider(provider);
    const issuer = new URL(settings.issuer);
    const discovered = client
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        timeout: 10,
        // http only for a provider on this machine (config.ts refuses any other http issuer).
        ...(issuer.protocol === 'http:' && isLoopbackUrl(issuer)
          ? { execute: [client.allowInsecureRequests] }
          : {}),
      })
      .catch((error: unknown) => {
        this.configurations.delete(provider);
        throw new OAuthProviderUnreachable(
          `discovery of ${settings.issuer} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    this.configurations.set(provider, discovered);
    return discovered;
  }

  /** The authorization URL of a new sign-in: PKCE S256 challenge of `codeVerifier`, and `state`. */
  async authorizationUrl(
    provider: OAuthProviderName,
    state: string,
    codeVerifier: string,
  ): Promise<string> {
    const configuration = await this.configuration(provider);
    const settings = this.provider(provider);
    const url = client.buildAuthorizationUrl(configuration, {
      ...settings.authorizationParams,
      redirect_uri: this.redirectUri(provider),
      scope: settings.scopes.join(' '),
      state,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return url.href;
  }

  /**
   * Exchanges the code of the provider's redirect (`query`: its raw query string) with the PKCE verifier, after
   * openid-client checked the state (and the issuer, when the provider sends it) and the ID token.
   */
  async complete(
    provider: OAuthProviderName,
    query: string,
    expected: { state: string; codeVerifier: string },
  ): Promise<CompletedSignIn> {
    const configuration = await this.configuration(provider);
    const currentUrl = new URL(this.redirectUri(provider));
    currentUrl.search = query;
    let response: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      response = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new OAuthExchangeFailed(
        error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      );
    }
    const claims = response.claims();
    const address = [claims?.email, claims?.preferred_username].find(
      (v): v is string => typeof v === 'string' && v.includes('@'),
    );
    return { tokens: storedTokens(response, null), email: address ?? null };
  }

  /**
   * New tokens from the refresh token (RFC 6749 §6). A provider that sends no new refresh token (Google) keeps the
   * old one valid; one that rotates it (Microsoft) sends the next. Throws OAuthRefreshRefused when the provider
   * refuses the grant (invalid_grant), OAuthProviderUnreachable for anything else (network, 5xx, another error).
   */
  async refresh(
    provider: OAuthProviderName,
    tokens: StoredOAuthTokens,
  ): Promise<StoredOAuthTokens> {
    if (!tokens.refresh_token) throw new OAuthRefreshRefused('no refresh token was granted');
    const configuration = await this.configuration(provider);
    try {
      const response = await client.refreshTokenGrant(configuration, tokens.refresh_token);
      return storedTokens(response, tokens);
    } catch (error) {
      if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') {
        throw new OAuthRefreshRefused(`${error.error}: ${error.error_description ?? ''}`.trim());
      }
      throw new OAuthProviderUnreachable(
        `refresh at ${this.provider(provider).issuer} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      );
    }
  }
}

/** The tokens to keep from a token endpoint answer; what a refresh answer leaves out is kept from `previous`. */
function storedTokens(
  response: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  previous: StoredOAuthTokens | null,
): StoredOAuthTokens {
  const expiresIn = response.expiresIn();
  return {
    access_token: response.access_token,
    refresh_token: response.refresh_token ?? previous?.refresh_token ?? null,
    token_type: response.token_type,
    scope: response.scope ?? previous?.scope ?? null,
    expires_at: expiresIn === undefined ? null : Math.floor(Date.now() / 1000) + expiresIn,
  };
}
