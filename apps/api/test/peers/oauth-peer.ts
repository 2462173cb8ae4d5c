/**
 * A local OAuth 2.0 / OpenID Connect provider for the tests (oauth2-mock-server on a free loopback port) that behaves
 * like the large mail providers where it matters to us:
 *
 * - Its authorization endpoint is a consent page (`/consent`): the user types the mailbox address and allows or
 *   refuses; the page then goes on to the mock's own `/authorize` (code, PKCE challenge, state).
 * - The tokens name that mailbox (`email` claim) and remember it: a code, and each refresh token, belong to the address
 *   signed in with them.
 * - It refuses unknown and withdrawn refresh tokens (`invalid_grant`, as Google and Microsoft do after a consent is
 *   withdrawn or a password changed).
 * - It answers the token introspection of a mail server (RFC 7662, `POST /imap/introspect`): Dovecot's oauth2 passdb
 *   asks it whether the access token of an XOAUTH2 login is active and whose it is. A token is active when its
 *   signature and issuer check out against this provider's keys, it has not expired, and it was not withdrawn.
 */
import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

export interface OAuthPeer {
  /** The issuer (its discovery document is at `/.well-known/openid-configuration`). */
  issuer: string;
  /** Where a mail server checks an access token (form POST `token=…`, answer `{ active, email, … }`). */
  introspectionUrl: string;
  /** Withdraws the consent of a mailbox: its refresh tokens are refused and its access tokens no longer active. */
  revokeConsent(email: string): void;
  /** Makes the access tokens issued to a mailbox so far inactive (as if they had expired); refresh tokens still work. */
  expireAccessTokens(email: string): void;
  /** The refresh grants answered so far, per address (refused ones included). */
  refreshes(email: string): number;
  /**
   * Where the consent page sends the browser when the user signs in as `email` and allows (or refuses): the same as
   * filling in the form. `authorizationUrl` is the consent page's address with the authorization request.
   */
  consent(authorizationUrl: string, email: string, decision?: 'allow' | 'deny'): string;
  close(): Promise<void>;
}

interface TokenRequest extends IncomingMessage {
  body?: Record<string, unknown>;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The consent page: the address to sign in as, Allow or Refuse; the authorization request's parameters ride along. */
function consentPage(query: URLSearchParams): string {
  const hidden = [...query.entries()]
    .filter(([name]) => name !== 'login_hint' && name !== 'decision')
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Local provider</title></head><body>
<main><h1>Sign in to continue to Prospecta</h1>
<form method="get" action="/authorize" aria-label="Consent">${hidden}
<label for="login_hint">E-mail address</label> <input id="login_hint" name="login_hint" type="email" required autocomplete="off">
<p>Prospecta wants to read and send the mail of this mailbox.</p>
<button type="submit" name="decision" value="allow">Allow</button> <button type="submit" name="decision" value="deny" formnovalidate>Refuse</button>
</form></main></body></html>`;
}

export async function startOAuthPeer(
  options: { defaultIdentity?: string } = {},
): Promise<OAuthPeer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url as string;
  const service = server.service;
  const defaultIdentity = options.defaultIdentity ?? 'mailbox@local-provider.example';

  const codes = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const accessTokens = new Map<string, string>();
  const withdrawn = new Set<string>();
  const refreshCounts = new Map<string, number>();

  const identityOf = (req: TokenRequest): string | undefined => {
    const body = req.body ?? {};
    if (body.grant_type === 'authorization_code') return codes.get(String(body.code));
    if (body.grant_type === 'refresh_token') return refreshTokens.get(String(body.refresh_token));
    return undefined;
  };

  service.on(
    'beforeWellKnownOpenIdConfiguration',
    (response: { body: Record<string, unknown> }) => {
      response.body.authorization_endpoint = `${issuer}/consent`;
      response.body.grant_types_supported = ['authorization_code', 'refresh_token'];
    },
  );
  service.addRoute('GET', '/consent', (req, res) => {
    const query = new URL(req.url ?? '/', issuer).searchParams;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(consentPage(query));
  });
  service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const query = new URL(req.url ?? '/', issuer).searchParams;
    const code = redirect.url.searchParams.get('code');
    if (query.get('decision') === 'deny') {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      redirect.url.searchParams.set('error_description', 'The user refused.');
      return;
    }
    if (code) codes.set(code, query.get('login_hint') || defaultIdentity);
  });
  service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: TokenRequest) => {
      const identity = identityOf(req);
      if (identity) token.payload.email = identity;
      // Each token its own (the mock's RS256 signatures are deterministic: two tokens of one second would be equal).
      token.payload.jti = randomUUID();
    },
  );
  service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown>; statusCode: number }, req: TokenRequest) => {
      const body = req.body ?? {};
      const identity = identityOf(req);
      if (body.grant_type === 'refresh_token') {
        const presented = String(body.refresh_token);
        if (identity) refreshCounts.set(identity, (refreshCounts.get(identity) ?? 0) + 1);
        if (!identity || withdrawn.has(presented)) {
          response.statusCode = 400;
          response.body = {
            error: 'invalid_grant',
            error_description: 'Token has been expired or revoked.',
          };
          return;
        }
      }
      if (!identity || response.statusCode !== 200) return;
      if (typeof response.body.refresh_token === 'string')
        refreshTokens.set(response.body.refresh_token, identity);
      if (typeof response.body.access_token === 'string')
        accessTokens.set(response.body.access_token, identity);
    },
  );

  // RFC 7662 token introspection for the mail server (Dovecot's oauth2 passdb, introspection_mode = post).
  const keys = createLocalJWKSet({ keys: server.issuer.keys.toJSON() as never });
  service.addRoute('POST', '/imap/introspect', async (req, res) => {
    const form = req.body && !Array.isArray(req.body) ? req.body : {};
    const token = typeof form.token === 'string' ? form.token : '';
    let answer: Record<string, unknown> = { active: false };
    const identity = accessTokens.get(token);
    if (identity && !withdrawn.has(token)) {
      try {
        const { payload } = await jwtVerify(token, keys, { issuer });
        answer = {
          active: true,
          email: identity,
          sub: payload.sub,
          scope: payload.scope,
          exp: payload.exp,
          token_type: 'Bearer',
        };
      } catch {
        answer = { active: false };
      }
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  });

  const withdrawAll = (tokens: Map<string, string>, email: string) => {
    for (const [token, owner] of tokens) if (owner === email) withdrawn.add(token);
  };
  return {
    issuer,
    introspectionUrl: `${issuer}/imap/introspect`,
    revokeConsent(email) {
      withdrawAll(refreshTokens, email);
      withdrawAll(accessTokens, email);
    },
    expireAccessTokens(email) {
      withdrawAll(accessTokens, email);
    },
    refreshes: (email) => refreshCounts.get(email) ?? 0,
    consent(authorizationUrl, email, decision = 'allow') {
      const url = new URL(authorizationUrl);
      url.pathname = url.pathname.replace(/\/consent$/, '/authorize');
      url.searchParams.set('login_hint', email);
      url.searchParams.set('decision', decision);
      return url.href;
    },
    close: () => server.stop(),
  };
}
