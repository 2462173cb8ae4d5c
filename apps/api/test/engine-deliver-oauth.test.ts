import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OAUTH_PROVIDER_DEFAULTS, type OAuthSettings } from '../src/config';
import type { Db } from '../src/db/index';
import { deliverSend, type DeliverDeps } from '../src/engine/deliver';
import { linkSigner } from '../src/engine/links';
import { tokensAad, type StoredOAuthTokens } from '../src/integrations/oauth';
import { alwaysOpenWindow, expectContract, startTestApp, type TestApp } from './helpers';
import { startMailPeers, type MailPeers } from './peers/mail-peers';
import { startOAuthPeer, type OAuthPeer } from './peers/oauth-peer';

/**
 * The deliverer for mailboxes signed in through Google or Microsoft: the provider's SMTP server (the smtp-server peer,
 * which checks each XOAUTH2 token with the provider's introspection) with the stored access token, renewed at a real
 * OAuth provider (./peers/oauth-peer.ts) exactly as the mailbox watch renews it.
 */
const PUBLIC_URL = 'http://localhost:3000';
const MAILBOX = { user: 'julien.moreau@gmail.example', password: 'only-for-the-imap-peer' };
let oauthPeer: OAuthPeer;
let peers: MailPeers;
let t: TestApp;
let db: Db;
let accountId: number;
let campaignId: number;
let stepId: number;

const account = () =>
  db.selectFrom('email_accounts').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow();
const tokensOf = async (): Promise<StoredOAuthTokens> =>
  JSON.parse(
    t.app.services.secretBox.decrypt(
      (await account()).oauth_tokens_enc as string,
      tokensAad(accountId),
    ),
  ) as StoredOAuthTokens;

function deps(): DeliverDeps {
  return {
    db,
    secretBox: t.app.services.secretBox,
    mailHosts: t.app.services.mailHosts,
    oauth: t.app.services.oauth,
    smtp: { timeoutMs: 3_000, ca: peers.ca },
    publicUrl: PUBLIC_URL,
    signer: linkSigner(randomBytes(32)),
    sequence: { advanceSequence: async () => undefined },
    retryLater: async () => undefined,
  };
}

let counter = 0;
async function newSend() {
  counter += 1;
  const prospect = await db
    .insertInto('prospects')
    .values({
      campaign_id: campaignId,
      user_id: t.facts.customerId,
      title: 'undefined',
      first_name: 'Claire',
      last_name: 'Martin',
      company_name: 'Acme',
      email: `oauth.prospect.${counter}@recipient.example`,
      prospecting_status: 'pending',
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('prospect_sequences')
    .values({ prospect_id: prospect.id, campaign_id: campaignId, next_position: 1 })
    .execute();
  const send = await db
    .insertInto('sends')
    .values({
      campaign_id: campaignId,
      step_id: stepId,
      prospect_id: prospect.id,
      email_account_id: accountId,
      message_id: `${randomBytes(8).toString('hex')}@gmail.example`,
      state: 'scheduled',
      due_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(send.id), email: prospect.email as string };
}

beforeAll(async () => {
  oauthPeer = await startOAuthPeer();
  peers = await startMailPeers([MAILBOX], {
    oauth: { introspectionUrl: oauthPeer.introspectionUrl },
  });
  const oauth: OAuthSettings = {
    redirectBaseUrl: PUBLIC_URL,
    stateTtlSeconds: 600,
    providers: {
      google: {
        clientId: 'prospecta-test',
        clientSecret: 'test-client-secret',
        issuer: oauthPeer.issuer,
        scopes: OAUTH_PROVIDER_DEFAULTS.google.scopes,
        authorizationParams: OAUTH_PROVIDER_DEFAULTS.google.authorizationParams,
        imap: { host: '127.0.0.1', port: peers.imap.implicit },
        // Not 465: STARTTLS, as on Microsoft's port 587.
        smtp: { host: '127.0.0.1', port: peers.smtp.starttls },
      },
    },
  };
  t = await startTestApp({ publicUrl: PUBLIC_URL, oauth });
  db = t.database.db;
  const customer = (await t.login('customer@example.com')).access;
  const started = await t.call('POST', '/api/v2/integrations/email/google', { token: customer });
  expectContract('createOAuthEmailAccount', started, 201);
  accountId = started.json().email_account.id;
  const atProvider = await fetch(
    oauthPeer.consent(started.json().email_account.redirect_url, MAILBOX.user),
    { redirect: 'manual' },
  );
  const back = new URL(atProvider.headers.get('location') as string);
  const done = await t.call('GET', `${back.pathname}${back.search}`, { version: null });
  expectContract('completeOAuthEmailAccount', done, 302);

  const campaign = await db
    .insertInto('campaigns')
    .values({
      user_id: t.facts.customerId,
      ...alwaysOpenWindow(),
      name: 'OAuth',
      status: 'running',
      is_active: true,
      language: 'en',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  campaignId = campaign.id;
  stepId = (
    await db
      .insertInto('campaign_steps')
      .values({
        campaign_id: campaignId,
        position: 1,
        name: 'First',
        workflow_step_type: 'email',
        subject: 'Hello {{first_name}}',
        body: 'Hi {{first_name}}',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await peers?.close();
  await oauthPeer?.close().catch(() => undefined);
});

beforeEach(() => {
  peers.smtpControl.behaviour = 'accept';
});

describe('sending from a Google or Microsoft mailbox (XOAUTH2)', () => {
  it('sends through the provider’s SMTP server with the stored access token', async () => {
    const send = await newSend();
    expect(await deliverSend(deps(), send.id)).toBe('sent');
    const received = peers.smtpControl.received.at(-1);
    expect(received).toMatchObject({
      user: MAILBOX.user,
      mailFrom: MAILBOX.user,
      rcptTo: [send.email],
    });
    expect(oauthPeer.refreshes(MAILBOX.user)).toBe(0);
  });

  it('renews an access token about to expire first, and one the server refuses, storing the new tokens', async () => {
    const before = await tokensOf();
    await db
      .updateTable('email_accounts')
      .set({
        oauth_tokens_enc: t.app.services.secretBox.encrypt(
          JSON.stringify({ ...before, expires_at: Math.floor(Date.now() / 1000) + 10 }),
          tokensAad(accountId),
        ),
      })
      .where('id', '=', accountId)
      .execute();
    expect(await deliverSend(deps(), (await newSend()).id)).toBe('sent');
    expect(oauthPeer.refreshes(MAILBOX.user)).toBe(1);
    const renewed = await tokensOf();
    expect(renewed.access_token).not.toBe(before.access_token);

    // Not expired by our clock, but no longer accepted by the server.
    oauthPeer.expireAccessTokens(MAILBOX.user);
    expect(await deliverSend(deps(), (await newSend()).id)).toBe('sent');
    expect(oauthPeer.refreshes(MAILBOX.user)).toBe(2);
    expect((await tokensOf()).access_token).not.toBe(renewed.access_token);
  });

  it('pauses the mailbox when the consent is withdrawn, and gives the send back', async () => {
    oauthPeer.revokeConsent(MAILBOX.user);
    const send = await newSend();
    expect(await deliverSend(deps(), send.id)).toBe('credentials_refused');
    const row = await db
      .selectFrom('sends')
      .select(['state', 'attempts'])
      .where('id', '=', send.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'scheduled', attempts: 0 });
    expect((await account()).sending_paused_reason).toBe('credentials_refused');
  });
});
