import {
  EMAIL_SIGNATURE_MAX_LENGTH,
  EMAIL_SIGNATURE_MAX_LINES,
  EXTERNAL_SIGN_IN_ACCOUNT_TYPES,
  isMailboxPauseReason,
  isSentCopyError,
  normalizeSignature,
  signatureProblem,
  type SignatureProblem,
  PRESET_ACCOUNT_TYPES,
  type ExternalSignInProvider,
  type OAuthSignInErrorCode,
} from '@prospecta/domain';
import {
  defineRoute,
  json,
  redirect,
  type HandlerResult,
  type RouteDef,
  type Services,
} from '../http/route';
import { badRequest, integrationError, notFound, type IntegrationState } from '../http/errors';
import type { MailCheckReason } from '../integrations/mail-check';
import {
  MAIL_PORTS,
  MailHostRefused,
  refusalReason,
  type MailHostGuard,
  type MailHostRefusalReason,
  type ResolvedHost,
} from '../integrations/mail-hosts';
import { checkLimit } from '../http/limits';
import {
  hashState,
  OAuthExchangeFailed,
  OAuthProviderUnreachable,
  randomSecret,
  sameSecret,
  tokensAad,
  verifierAad,
  type CompletedSignIn,
} from '../integrations/oauth';
import type { EmailAccountRow, LinkedinAccountRow } from '../db/types';
import type { NewSignInState } from '../repositories/integrations';
import type { SecretBox } from '../security/secret-box';
import { isDbId, principalOf, reachableEmailAccount, targetUser } from './access';

export function serializeEmailAccount(row: EmailAccountRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    is_valid: row.is_valid,
    first_use: row.first_use,
    account_type: row.account_type,
    auth_url: row.account_type.endsWith('SMTP') ? null : row.auth_url,
    created_on: row.created_on.toISOString(),
    signature: row.signature,
    last_error: row.last_error,
    last_checked_at: row.last_checked_at ? row.last_checked_at.toISOString() : null,
    sending_paused_reason: isMailboxPauseReason(row.sending_paused_reason)
      ? row.sending_paused_reason
      : null,
    sending_paused_at:
      row.sending_paused_reason !== null && row.sending_paused_at
        ? new Date(row.sending_paused_at).toISOString()
        : null,
    sent_copy_error: isSentCopyError(row.sent_copy_error) ? row.sent_copy_error : null,
    sent_copy_failed_at:
      isSentCopyError(row.sent_copy_error) && row.sent_copy_failed_at
        ? new Date(row.sent_copy_failed_at).toISOString()
        : null,
  };
}

export function maskSecret(secret: string): string {
  return `••••${secret.length > 12 ? secret.slice(-4) : ''}`;
}

export function serializeLinkedinAccount(row: LinkedinAccountRow, box: SecretBox) {
  return {
    id: row.id,
    name: row.name,
    is_sales_navigator_account: row.is_sales_navigator_account,
    is_valid: row.is_valid,
    first_use: row.first_use,
    created_on: row.created_on.toISOString(),
    // Never the cookie itself (a session secret): a mask ending with its last 4 characters.
    session_cookie: row.session_cookie_enc
      ? maskSecret(box.decrypt(row.session_cookie_enc, `linkedin_account:${row.id}`))
      : null,
  };
}

const listEmailAccounts = defineRoute('get', '/api/v2/integrations/email', async (ctx) => {
  const user = await targetUser(ctx, ctx.query.user_id);
  const rows = await ctx.services.repos.integrations.emailAccountsOf(user.id);
  return json(200, { email_accounts_list: rows.map(serializeEmailAccount) });
});

const FAILURES: Record<
  MailCheckReason,
  { state: IntegrationState; text: (server: string, host: string, port: number) => string }
> = {
  credentials: {
    state: 'bad_imap_credentials',
    text: () => 'Incorrect credentials, please check your login information.',
  },
  unreachable: {
    state: 'mail_server_unreachable',
    text: (s, h, p) => `The ${s} server ${h}:${p} could not be reached; check the server and port.`,
  },
  tls_mode: {
    state: 'mail_server_tls_mismatch',
    text: (s, h, p) =>
      `The ${s} server ${h}:${p} answered, but not with the SSL setting chosen; check the SSL setting and port.`,
  },
  certificate: {
    state: 'mail_server_certificate_refused',
    text: (s, h, p) => `The certificate of the ${s} server ${h}:${p} is not trusted.`,
  },
};

const REFUSALS: Record<
  MailHostRefusalReason,
  { state: IntegrationState; text: (server: string, host: string, port: number) => string }
> = {
  address_refused: {
    state: 'mail_server_address_refused',
    text: (s, h) => `The ${s} server ${h} is not a public address this server may connect to.`,
  },
  port_refused: {
    state: 'mail_server_port_refused',
    text: (s, _h, p) =>
      `Port ${p} is not a mail port; the ${s} server must use ${MAIL_PORTS.join(', ')}.`,
  },
  unreachable: FAILURES.unreachable,
};

/** The address of a user's mail server to connect to, or the refusal's answer (400, before any connection). */
async function checkedHost(
  guard: MailHostGuard,
  part: 'imap' | 'smtp',
  host: string,
  port: number,
): Promise<ResolvedHost> {
  try {
    return await guard.resolve(host, port);
  } catch (error) {
    if (!(error instanceof MailHostRefused)) throw error;
    const refusal = REFUSALS[refusalReason(error)];
    throw integrationError(400, refusal.state, refusal.text(part.toUpperCase(), host, port), part);
  }
}

/**
 * Adds an SMTP/IMAP account after a live IMAP login (imapflow) and SMTP login (nodemailer verify). The password is
 * stored encrypted (AES-256-GCM). Plan limit: users.smtp_account_limit, else SMTP_ACCOUNT_LIMIT.
 */
const createSmtpEmailAccount = defineRoute(
  'post',
  '/api/v2/integrations/email/smtp',
  async (ctx) => {
    const user = await targetUser(ctx, ctx.query.user_id);
    const { body } = ctx;
    const { secretBox, config, mailCheck } = ctx.services;
    const email = body.email.trim().toLowerCase();
    const accountType = PRESET_ACCOUNT_TYPES[body.provider ?? 'other'];
    const smtpHost = body.smtp_host.trim();
    const imapHost = body.imap_host.trim();
    if (!smtpHost || !imapHost)
      throw integrationError(
        400,
        'bad_smtp_credentials',
        'The SMTP and IMAP servers are required.',
      );

    const repo = ctx.services.repos.integrations;
    const accounts = await repo.emailAccountsOf(user.id);
    const same = accounts.find((a) => a.email.toLowerCase() === email);
    if (same) {
      if (!same.is_valid) {
        throw integrationError(
          409,
          'inactive_email_account_already_exists',
          'An inactive email account already exists for this provider. Please confirm it before adding a new one.',
        );
      }
      throw integrationError(
        409,
        'email_account_already_exists',
        'This email account is already connected.',
      );
    }
    if (accounts.some((a) => a.account_type === accountType && !a.is_valid)) {
      throw integrationError(
        409,
        'inactive_email_account_already_exists',
        'An inactive email account already exists for this provider. Please confirm it before adding a new one.',
      );
    }
    const limit = user.smtp_account_limit ?? config.smtpAccountLimit;
    if (accounts.filter((a) => a.account_type.endsWith('SMTP')).length >= limit) {
      throw integrationError(
        422,
        'number_of_smtp_accounts_reached',
        `You have reached the maximum number of SMTP accounts allowed for your plan (${limit}).`,
      );
    }
    // Each check makes this server connect where the user says: counted per user, refused before any connection
    // when the address is not a public mail server (integrations/mail-hosts.ts).
    await checkLimit(ctx.services.limits.mailChecks, ctx.req, { count: true });
    const imapAt = await checkedHost(ctx.services.mailHosts, 'imap', imapHost, body.imap_port);
    const smtpAt = await checkedHost(ctx.services.mailHosts, 'smtp', smtpHost, body.smtp_port);
    const check = await mailCheck({
      user: body.email.trim(),
      password: body.password,
      imap: {
        host: imapHost,
        address: imapAt.address,
        port: body.imap_port,
        secure: body.imap_secure === 'ssl',
      },
      smtp: {
        host: smtpHost,
        address: smtpAt.address,
        port: body.smtp_port,
        secure: body.smtp_secure === 'ssl',
      },
    });
    if (!check.ok) {
      const failure = FAILURES[check.reason];
      const state: IntegrationState =
        check.reason === 'credentials' && check.part === 'smtp'
          ? 'bad_smtp_credentials'
          : failure.state;
      const [host, port] =
        check.part === 'imap' ? [imapHost, body.imap_port] : [smtpHost, body.smtp_port];
      throw integrationError(
        400,
        state,
        failure.text(check.part.toUpperCase(), host, port),
        check.part,
      );
    }
    const row = await repo.insertSmtpAccount(
      {
        user_id: user.id,
        name: `${user.first_name} ${user.last_name}`.trim() || email,
        email: body.email.trim(),
        account_type: accountType,
        smtp_host: smtpHost,
        smtp_port: body.smtp_port,
        smtp_secure: body.smtp_secure === 'ssl',
        imap_host: imapHost,
        imap_port: body.imap_port,
        imap_secure: body.imap_secure === 'ssl',
      },
      (id) => secretBox.encrypt(body.password, `email_account:${id}`),
    );
    return json(201, { email_account: serializeEmailAccount(row) });
  },
);

const PROVIDER_NAMES: Record<ExternalSignInProvider, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
};

function notConfigured(provider: ExternalSignInProvider) {
  return integrationError(
    501,
    'oauth_not_available',
    `Signing in with ${PROVIDER_NAMES[provider]} is not configured on this server.`,
  );
}

function providerUnreachable(
  provider: ExternalSignInProvider,
  error: unknown,
  log: Services['log'],
) {
  log.warn(
    { provider, err: error instanceof Error ? error.message : String(error) },
    'OAuth provider unreachable',
  );
  return integrationError(
    502,
    'oauth_provider_unreachable',
    `The sign-in service of ${PROVIDER_NAMES[provider]} could not be reached.`,
  );
}

/** The account's auth_url: a stable link of this server that starts a fresh sign-in (GET …/{provider}/authorize). */
function authLink(
  services: Services,
  provider: ExternalSignInProvider,
  accountId: number,
  key: string,
): string {
  const query = new URLSearchParams({ account: String(accountId), key });
  return `${services.oauth.redirectBaseUrl}/api/v2/integrations/email/${provider}/authorize?${query.toString()}`;
}

/** The Integrations tab of the account's owner, where the sign-in window ends. */
function integrationsTab(
  services: Services,
  userId: number,
  query: Record<string, string>,
): string {
  return `${services.config.publicUrl}/users/${userId}/user/integrations?${new URLSearchParams(query).toString()}`;
}

/**
 * A new sign-in: a random state (stored as its hash, with the encrypted PKCE verifier and an expiry) and the provider's
 * authorization URL. The caller stores the state with its account.
 */
async function prepareSignIn(
  services: Services,
  provider: ExternalSignInProvider,
): Promise<{ url: string; state: NewSignInState }> {
  const { oauth, secretBox } = services;
  const state = randomSecret();
  const codeVerifier = randomSecret();
  const url = await oauth.authorizationUrl(provider, state, codeVerifier);
  const stateHash = hashState(state);
  return {
    url,
    state: {
      stateHash,
      provider,
      codeVerifierEnc: secretBox.encrypt(codeVerifier, verifierAad(stateHash)),
      expiresAt: new Date(Date.now() + oauth.stateTtlSeconds * 1000),
    },
  };
}

/** States expired for more than a day are swept when a sign-in starts. */
const sweepStatesBefore = () => new Date(Date.now() - 86_400_000);

/**
 * Starts the external sign-in (Google, Microsoft): a pending account and the provider's authorization URL
 * (OAuth 2.0 authorization code with PKCE S256 and state). Without the provider's client credentials: 501.
 */
const createOAuthEmailAccount = defineRoute(
  'post',
  '/api/v2/integrations/email/{provider}',
  async (ctx) => {
    const user = await targetUser(ctx, ctx.query.user_id);
    const { provider } = ctx.params;
    const { services } = ctx;
    if (!services.oauth.isConfigured(provider)) throw notConfigured(provider);
    const accountType = EXTERNAL_SIGN_IN_ACCOUNT_TYPES[provider];
    const repo = services.repos.integrations;
    if ((await repo.findInvalidAccountOfType(user.id, accountType)) !== undefined) {
      throw integrationError(
        409,
        'inactive_email_account_already_exists',
        'An inactive email account already exists for this provider. Please confirm it before adding a new one.',
      );
    }
    try {
      await services.oauth.configuration(provider);
    } catch (error) {
      throw providerUnreachable(provider, error, services.log);
    }
    const key = randomSecret();
    const signIn = await prepareSignIn(services, provider);
    // The address is unknown until the sign-in names the mailbox.
    const row = await repo.insertOAuthAccount(
      {
        user_id: user.id,
        name: `${user.first_name} ${user.last_name}`.trim() || PROVIDER_NAMES[provider],
        account_type: accountType,
        oauth_link_key: key,
      },
      (id) => authLink(services, provider, id, key),
      signIn.state,
      sweepStatesBefore(),
    );
    return json(201, {
      email_account: { ...serializeEmailAccount(row), redirect_url: signIn.url },
    });
  },
);

/** The auth_url of an external sign-in account: a fresh state and PKCE verifier, then 302 to the provider. */
const authorizeOAuthEmailAccount = defineRoute(
  'get',
  '/api/v2/integrations/email/{provider}/authorize',
  async (ctx) => {
    const { provider } = ctx.params;
    const { services } = ctx;
    const repo = services.repos.integrations;
    const account = isDbId(ctx.query.account)
      ? await repo.findEmailAccountOfType(
          ctx.query.account,
          EXTERNAL_SIGN_IN_ACCOUNT_TYPES[provider],
        )
      : undefined;
    if (!account?.oauth_link_key || !sameSecret(account.oauth_link_key, ctx.query.key))
      throw notFound('E-mail account');
    if (account.is_valid)
      return redirect(integrationsTab(services, account.user_id, { connected: '1' }));
    if (!services.oauth.isConfigured(provider)) throw notConfigured(provider);
    try {
      const signIn = await prepareSignIn(services, provider);
      await repo.saveSignInState(account.id, signIn.state, sweepStatesBefore());
      return redirect(signIn.url);
    } catch (error) {
      if (error instanceof OAuthProviderUnreachable)
        throw providerUnreachable(provider, error, services.log);
      throw error;
    }
  },
);

function signInPage(status: number, title: string, text: string): HandlerResult {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;
  return {
    status,
    binary: Buffer.from(html),
    contentType: 'text/html; charset=utf-8',
    headers: { 'cache-control': 'no-store' },
  };
}

/**
 * The provider's redirect (OAuth 2.0 redirection endpoint). The state is single use: it is deleted here whatever
 * the outcome. A known state ends in the account's Integrations tab, with `connected=1` or `oauth_error=<code>`.
 */
const completeOAuthEmailAccount = defineRoute(
  'get',
  '/api/v2/integrations/email/{provider}/callback',
  async (ctx) => {
    const { provider } = ctx.params;
    const { services } = ctx;
    const { secretBox, oauth, log } = services;
    const repo = services.repos.integrations;
    const { state, code, error } = ctx.query;
    const stored = state ? await repo.takeSignInState(hashState(state)) : undefined;
    const account = stored ? await repo.findEmailAccount(stored.email_account_id) : undefined;
    if (!stored || !state || !account) {
      log.warn({ provider, hasState: Boolean(state) }, 'OAuth callback with an unknown state');
      return signInPage(
        400,
        'Sign-in not completed',
        'This sign-in link is not valid or was already used. Close this window and start again from the Integrations tab.',
      );
    }

    const fail = async (reason: OAuthSignInErrorCode, detail: string): Promise<HandlerResult> => {
      log.warn({ provider, accountId: account.id, reason, detail }, 'OAuth sign-in failed');
      // A connected account keeps working when a later sign-in of it fails.
      if (!account.is_valid) await repo.recordSignInFailure(account.id, reason);
      return redirect(integrationsTab(services, account.user_id, { oauth_error: reason }));
    };

    if (stored.provider !== provider)
      return fail('oauth_state_mismatch', `state issued for ${stored.provider}`);
    if (stored.expires_at.getTime() <= Date.now())
      return fail('oauth_state_expired', `state expired at ${stored.expires_at.toISOString()}`);
    if (error)
      return fail(
        error === 'access_denied' ? 'oauth_access_denied' : 'oauth_failed',
        `provider error ${error}: ${ctx.query.error_description ?? ''}`,
      );
    if (!code) return fail('oauth_failed', 'no code in the redirect');
    if (!oauth.isConfigured(provider)) return fail('oauth_failed', 'provider no longer configured');

    let completed: CompletedSignIn;
    try {
      const codeVerifier = secretBox.decrypt(
        stored.code_verifier_enc,
        verifierAad(stored.state_hash),
      );
      const rawQuery = ctx.req.url.includes('?') ? ctx.req.url.slice(ctx.req.url.indexOf('?')) : '';
      completed = await oauth.complete(provider, rawQuery, { state, codeVerifier });
    } catch (e) {
      if (!(e instanceof OAuthExchangeFailed || e instanceof OAuthProviderUnreachable)) throw e;
      return fail('oauth_failed', e.message);
    }
    const email = completed.email;
    if (!email)
      return fail(
        'oauth_failed',
        'the ID token names no e-mail address (is the email scope granted?)',
      );
    const clash = await repo.findOtherAccountWithAddress(account.user_id, email, account.id);
    if (clash !== undefined)
      return fail('email_account_already_exists', `${email} is already account ${clash}`);
    await repo.completeSignIn(
      account.id,
      email,
      secretBox.encrypt(JSON.stringify(completed.tokens), tokensAad(account.id)),
    );
    return redirect(integrationsTab(services, account.user_id, { connected: '1' }));
  },
);

/** The campaigns send from a mailbox the engine paused again (decision 0175). */
const resumeEmailAccountSending = defineRoute(
  'post',
  '/api/v2/integrations/email/{accountId}/resume-sending',
  async (ctx) => {
    const { integrations } = ctx.services.repos;
    const account = await reachableEmailAccount(ctx, ctx.params.accountId);
    return json(200, serializeEmailAccount(await integrations.resumeSending(account.id)));
  },
);

/** The signature of the answers sent from the inbox with a mailbox (decision 0226). */
const updateEmailAccount = defineRoute(
  'patch',
  '/api/v2/integrations/email/{accountId}/settings',
  async (ctx) => {
    const { integrations } = ctx.services.repos;
    const account = await reachableEmailAccount(ctx, ctx.params.accountId);
    const problem = signatureProblem(ctx.body.signature);
    if (problem) throw badRequest(SIGNATURE_REFUSALS[problem]);
    const saved = await integrations.setSignature(
      account.id,
      normalizeSignature(ctx.body.signature),
    );
    return json(200, serializeEmailAccount(saved));
  },
);

const SIGNATURE_REFUSALS = {
  too_long: `The signature is longer than ${EMAIL_SIGNATURE_MAX_LENGTH} characters.`,
  too_many_lines: `The signature has more than ${EMAIL_SIGNATURE_MAX_LINES} lines.`,
  separator:
    'The signature cannot hold the separator line "--": the mail writes it above the signature.',
} as const satisfies Record<SignatureProblem, string>;

const listLinkedinAccounts = defineRoute('get', '/api/v2/integrations/linkedin', async (ctx) => {
  const user = await targetUser(ctx, ctx.query.user_id);
  const rows = await ctx.services.repos.integrations.linkedinAccountsOf(user.id);
  return json(200, {
    linkedin_accounts_list: rows.map((r) => serializeLinkedinAccount(r, ctx.services.secretBox)),
  });
});

const connectLinkedinAccount = defineRoute(
  'post',
  '/api/v2/integrations/linkedin/connection',
  async (ctx) => {
    const me = principalOf(ctx);
    const { body } = ctx;
    const cookie = body.linkedin_cookie.trim();
    if (!cookie) throw badRequest('The LinkedIn session cookie cannot be blank.');
    const { secretBox } = ctx.services;
    const repo = ctx.services.repos.integrations;
    const account = isDbId(body.linkedin_account_id)
      ? await repo.findLinkedinAccount(body.linkedin_account_id)
      : undefined;
    if (!account || (!me.isStaff && account.user_id !== me.id)) throw notFound('LinkedIn account');
    const updated = await repo.connectLinkedinAccount(
      account.id,
      secretBox.encrypt(cookie, `linkedin_account:${account.id}`),
    );
    return json(200, serializeLinkedinAccount(updated, secretBox));
  },
);

export const integrationRoutes: RouteDef[] = [
  listEmailAccounts,
  createSmtpEmailAccount,
  createOAuthEmailAccount,
  authorizeOAuthEmailAccount,
  completeOAuthEmailAccount,
  resumeEmailAccountSending,
  updateEmailAccount,
  listLinkedinAccounts,
  connectLinkedinAccount,
];
