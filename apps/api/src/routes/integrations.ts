
import { PRESET_ACCOUNT_TYPES } from '@prospecta/domain';
import { defineRoute, json, type RouteDef } from '../http/route';
import { badRequest, integrationError, notFound, type IntegrationState } from '../http/errors';
import type { MailCheckReason } from '../integrations/mail-check';
import type { EmailAccountRow, LinkedinAccountRow } from '../db/types';
import type { SecretBox } from '../security/secret-box';
import { isDbId, principalOf, targetUser } from './access';

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
    last_error: row.last_error,
    last_checked_at: row.last_checked_at ? row.last_checked_at.toISOString() : null,
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
    session_cookie: row.session_cookie_enc ? maskSecret(box.decrypt(row.session_cookie_enc, `linkedin_account:${row.id}`)) : null,
  };
}

const listEmailAccounts = defineRoute('get', '/api/v2/integrations/email', async (ctx) => {
  const user = await targetUser(ctx, ctx.query.user_id);
  const rows = await ctx.services.db.selectFrom('email_accounts').selectAll().where('user_id', '=', user.id).orderBy('created_on').orderBy('id').execute();
  return json(200, { email_accounts_list: rows.map(serializeEmailAccount) });
});

const FAILURES: Record<MailCheckReason, { state: IntegrationState; text: (server: string, host: string, port: number) => string }> = {
  credentials: { state: 'bad_imap_credentials', text: () => 'Incorrect credentials, please check your login information.' },
  unreachable: { state: 'mail_server_unreachable', text: (s, h, p) => `The ${s} server ${h}:${p} could not be reached; check the server and port.` },
  tls_mode: { state: 'mail_server_tls_mismatch', text: (s, h, p) => `The ${s} server ${h}:${p} answered, but not with the SSL setting chosen; check the SSL setting and port.` },
  certificate: { state: 'mail_server_certificate_refused', text: (s, h, p) => `The certificate of the ${s} server ${h}:${p} is not trusted.` },
};

/**
 * Adds an SMTP/IMAP account after a live IMAP login (imapflow) and SMTP login (nodemailer verify). The password is
 * stored encrypted (AES-256-GCM). Plan limit: users.smtp_account_limit, else SMTP_ACCOUNT_LIMIT.
 */
const createSmtpEmailAccount = defineRoute('post', '/api/v2/integrations/email/smtp', async (ctx) => {
  const user = await targetUser(ctx, ctx.query.user_id);
  const { body } = ctx;
  const { db, secretBox, config, mailCheck } = ctx.services;
  const email = body.email.trim().toLowerCase();
  const accountType = PRESET_ACCOUNT_TYPES[body.provider ?? 'other'];
  const smtpHost = body.smtp_host.trim();
  const imapHost = body.imap_host.trim();
  if (!smtpHost || !imapHost) throw integrationError(400, 'bad_smtp_credentials', 'The SMTP and IMAP servers are required.');

  const accounts = await db.selectFrom('email_accounts').selectAll().where('user_id', '=', user.id).execute();
  if (accounts.some((a) => a.email.toLowerCase() === email)) {
    const same = accounts.find((a) => a.email.toLowerCase() === email) as EmailAccountRow;
    if (!same.is_valid) {
      throw integrationError(409, 'inactive_email_account_already_exists', 'An inactive email account already exists for this provider. Please confirm it before adding a new one.');
    }
    throw integrationError(409, 'email_account_already_exists', 'This email account is already connected.');
  }
  if (accounts.some((a) => a.account_type === accountType && !a.is_valid)) {
    throw integrationError(409, 'inactive_email_account_already_exists', 'An inactive email account already exists for this provider. Please confirm it before adding a new one.');
  }
  const limit = user.smtp_account_limit ?? config.smtpAccountLimit;
  if (accounts.filter((a) => a.account_type.endsWith('SMTP')).length >= limit) {
    throw integrationError(422, 'number_of_smtp_accounts_reached', `You have reached the maximum number of SMTP accounts allowed for your plan (${limit}).`);
  }
  const check = await mailCheck({
    user: body.email.trim(),
    password: body.password,
    imap: { host: imapHost, port: body.imap_port, secure: body.imap_secure === 'ssl' },
    smtp: { host: smtpHost, port: body.smtp_port, secure: body.smtp_secure === 'ssl' },
  });
  if (!check.ok) {
    const failure = FAILURES[check.reason];
    const state: IntegrationState = check.reason === 'credentials' && check.part === 'smtp' ? 'bad_smtp_credentials' : failure.state;
    const [host, port] = check.part === 'imap' ? [imapHost, body.imap_port] : [smtpHost, body.smtp_port];
    throw integrationError(400, state, failure.text(check.part.toUpperCase(), host, port), check.part);
  }
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('email_accounts')
      .values({
        user_id: user.id,
        name: `${user.first_name} ${user.last_name}`.trim() || email,
        email: body.email.trim(),
        account_type: accountType,
        is_valid: true,
        smtp_host: smtpHost,
        smtp_port: body.smtp_port,
        smtp_secure: body.smtp_secure === 'ssl',
        imap_host: imapHost,
        imap_port: body.imap_port,
        imap_secure: body.imap_secure === 'ssl',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return trx
      .updateTable('email_accounts')
      .set({ password_enc: secretBox.encrypt(body.password, `email_account:${inserted.id}`) })
      .where('id', '=', inserted.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return json(201, { email_account: serializeEmailAccount(row) });
});

/** External sign-in (Google, Microsoft) needs OAuth client credentials this server does not have yet: an explicit 501. */
const createOAuthEmailAccount = defineRoute('post', '/api/v2/integrations/email/{provider}', async (ctx) => {
  await targetUser(ctx, ctx.query.user_id);
  const { provider } = ctx.params;
  const name = provider === 'google' ? 'Google' : 'Microsoft';
  throw integrationError(501, 'oauth_not_available', `Signing in with ${name} is not available on this server yet.`);
});

const listLinkedinAccounts = defineRoute('get', '/api/v2/integrations/linkedin', async (ctx) => {
  const user = await targetUser(ctx, ctx.query.user_id);
  const rows = await ctx.services.db.selectFrom('linkedin_accounts').selectAll().where('user_id', '=', user.id).orderBy('created_on').orderBy('id').execute();
  return json(200, { linkedin_accounts_list: rows.map((r) => serializeLinkedinAccount(r, ctx.services.secretBox)) });
});

const connectLinkedinAccount = defineRoute('post', '/api/v2/integrations/linkedin/connection', async (ctx) => {
  const me = principalOf(ctx);
  const { body } = ctx;
  const cookie = body.linkedin_cookie.trim();
  if (!cookie) throw badRequest('The LinkedIn session cookie cannot be blank.');
  const { db, secretBox } = ctx.services;
  const account = isDbId(body.linkedin_account_id)
    ? await db.selectFrom('linkedin_accounts').selectAll().where('id', '=', body.linkedin_account_id).executeTakeFirst()
    : undefined;
  if (!account || (!me.isStaff && account.user_id !== me.id)) throw notFound('LinkedIn account');
  const updated = await db
    .updateTable('linkedin_accounts')
    .set({ session_cookie_enc: secretBox.encrypt(cookie, `linkedin_account:${account.id}`), is_valid: true, first_use: false })
    .where('id', '=', account.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return json(200, serializeLinkedinAccount(updated, secretBox));
});


export const integrationRoutes: RouteDef[] = [
  listEmailAccounts,
  createSmtpEmailAccount,
  createOAuthEmailAccount,
  listLinkedinAccounts,
  connectLinkedinAccount,
];
