import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index';
import { linkSigner, MAIL_LINK_PATHS, type LinkPayload } from '../src/engine/links';
import { MAIL_LINK_TEXTS } from '../src/routes/mail-link-pages';
import { TRANSPARENT_GIF } from '../src/routes/mail-links';
import { campaignEventsRepository } from '../src/repositories/campaign-events';
import { expectContract, startTestApp, type TestApp } from './helpers';

/**
 * The campaign mails' links on a real server: the unsubscribe page (a GET never unsubscribes) and its POST (the
 * page's form and RFC 8058 one-click), the open pixel and the tracked links; what each records and moves (events,
 * figures, the sequence, the suppression list); and every link that is not one of ours answered 404, never a
 * redirect to an address from the request.
 */

let t: TestApp;
let db: Db;
let campaignId: number;
let stepId: number;
let otherCampaignId: number;
const signer = () => linkSigner(t.config.jwtSecret);
const link = (payload: LinkPayload) => `${MAIL_LINK_PATHS[payload.kind]}${signer().sign(payload)}`;
/** A browser's request headers (no X-App-Version, no token: these are not API calls). */
const browser = (language = 'fr-CH,fr;q=0.9,en;q=0.5') => ({
  version: null,
  headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-language': language },
});

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  const campaigns = await db
    .selectFrom('campaigns')
    .select('id')
    .where('user_id', '=', t.facts.customerId)
    .orderBy('id')
    .execute();
  campaignId = campaigns[0]!.id;
  otherCampaignId = campaigns[1]!.id;
  stepId = (
    await db
      .selectFrom('campaign_steps')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .orderBy('position')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('landing_pages')
    .values([
      {
        campaign_id: campaignId,
        position: 90,
        key: 'offer',
        name: 'Our offer',
        url: 'https://www.example.com/offer?ref=mail',
        utm_source: 'prospecta',
        utm_medium: 'email',
        utm_campaign: 'spring',
        utm_content: '',
        utm_term: '',
      },
      {
        campaign_id: otherCampaignId,
        position: 90,
        key: 'elsewhere',
        name: 'Another campaign’s page',
        url: 'https://www.example.org/',
        utm_source: '',
        utm_medium: '',
        utm_campaign: '',
        utm_content: '',
        utm_term: '',
      },
    ])
    .execute();
  // From here on the figures are the events' (none yet).
  await campaignEventsRepository(db).recount(campaignId);
});
afterAll(async () => t?.close());

/** A demo-like prospect of the campaign, its sequence running, and a sent first step. */
async function sentMail(email: string, language: 'fr' | 'en' = 'fr') {
  await db.updateTable('campaigns').set({ language }).where('id', '=', campaignId).execute();
  const prospect = await db
    .insertInto('prospects')
    .values({
      campaign_id: campaignId,
      user_id: t.facts.customerId,
      title: 'undefined',
      first_name: 'Camille',
      last_name: 'Test',
      company_name: 'Test company',
      email,
      prospecting_status: 'ongoing',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('prospect_sequences')
    .values({
      prospect_id: prospect.id,
      campaign_id: campaignId,
      next_position: 2,
      next_due_at: new Date(Date.now() + 86_400_000),
    })
    .execute();
  const send = await db
    .insertInto('sends')
    .values({
      campaign_id: campaignId,
      step_id: stepId,
      prospect_id: prospect.id,
      email_account_id: null,
      message_id: `${email}.${Date.now()}@prospecta.test`,
      state: 'sent',
      due_at: new Date(),
      sent_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { prospectId: prospect.id, sendId: Number(send.id) };
}

const eventsOf = (prospectId: number, type: string) =>
  db
    .selectFrom('campaign_events')
    .selectAll()
    .where('prospect_id', '=', prospectId)
    .where('type', '=', type)
    .execute();
const stepFigures = () =>
  db
    .selectFrom('campaign_steps')
    .select(['contacts_opened', 'contacts_clicked'])
    .where('id', '=', stepId)
    .executeTakeFirstOrThrow();
const suppressed = (email: string) =>
  db
    .selectFrom('suppressions')
    .selectAll()
    .where('user_id', '=', t.facts.customerId)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();

describe('the unsubscribe link', () => {
  it('shows a confirmation page in French naming the address, and a GET unsubscribes nobody', async () => {
    const { prospectId, sendId } = await sentMail('Lou.Page@example.com', 'fr');
    const url = link({ kind: 'unsubscribe', sendId });
    for (let i = 0; i < 2; i += 1) {
      const res = await t.call('GET', url, browser());
      expectContract('showUnsubscribePage', res, 200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<html lang="fr">');
      expect(res.body).toContain(`<h1>${MAIL_LINK_TEXTS.fr.confirmTitle}</h1>`);
      expect(res.body).toContain('L’adresse Lou.Page@example.com ne recevra plus nos messages.');
      expect(res.body).toContain(`<form method="post" action="${url}">`);
      expect(res.body).toContain('<button type="submit">Confirmer la désinscription</button>');
      expect(res.body).not.toContain('<script');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain(`default-src 'none'`);
      expect(csp).toContain(`form-action 'self'`);
      expect(csp).not.toContain('unsafe-inline');
      // The page's one style element is the one the policy allows (else the browser drops it).
      const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1] ?? '';
      const hash = createHash('sha256').update(style).digest('base64');
      expect(csp).toContain(`style-src 'sha256-${hash}'`);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    // The page carries the signed link: never compressed (no length side channel on it).
    const compressed = await t.call('GET', url, {
      version: null,
      headers: { ...browser().headers, 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBeUndefined();
    expect(compressed.body).toContain(url);
    expect(await eventsOf(prospectId, 'unsubscribed')).toEqual([]);
    expect(await suppressed('lou.page@example.com')).toBeUndefined();
    const sequence = await db
      .selectFrom('prospect_sequences')
      .select('stopped_reason')
      .where('prospect_id', '=', prospectId)
      .executeTakeFirstOrThrow();
    expect(sequence.stopped_reason).toBeNull();
  });

  it('the page’s form unsubscribes: the event, the stopped sequence, the suppressed address; twice is once', async () => {
    const { prospectId, sendId } = await sentMail('Form.Post@example.com', 'fr');
    const next = await db
      .insertInto('sends')
      .values({
        campaign_id: campaignId,
        step_id: (
          await db
            .selectFrom('campaign_steps')
            .select('id')
            .where('campaign_id', '=', campaignId)
            .where('id', '!=', stepId)
            .orderBy('position')
            .executeTakeFirstOrThrow()
        ).id,
        prospect_id: prospectId,
        message_id: `next.${sendId}@prospecta.test`,
        state: 'scheduled',
        due_at: new Date(Date.now() + 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = link({ kind: 'unsubscribe', sendId });
    for (let i = 0; i < 2; i += 1) {
      const res = await t.call('POST', url, {
        ...browser(),
        headers: { ...browser().headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expectContract('unsubscribe', res, 200);
      expect(res.body).toContain(`<h1>${MAIL_LINK_TEXTS.fr.doneTitle}</h1>`);
      expect(res.body).toContain(
        'L’adresse Form.Post@example.com est désinscrite\u00a0: elle ne recevra plus nos messages.',
      );
    }
    const events = await eventsOf(prospectId, 'unsubscribed');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ campaign_id: campaignId, step_id: stepId });
    expect(Number(events[0]!.send_id)).toBe(sendId);
    expect(await suppressed('form.post@example.com')).toMatchObject({ reason: 'unsubscribed' });
    const sequence = await db
      .selectFrom('prospect_sequences')
      .select(['stopped_reason', 'next_due_at'])
      .where('prospect_id', '=', prospectId)
      .executeTakeFirstOrThrow();
    expect(sequence).toEqual({ stopped_reason: 'unsubscribed', next_due_at: null });
    const planned = await db
      .selectFrom('sends')
      .select('state')
      .where('id', '=', next.id)
      .executeTakeFirstOrThrow();
    expect(planned.state).toBe('cancelled');
    // The link opened again: the page says it is done, with nothing left to confirm.
    const reopened = await t.call('GET', url, browser());
    expectContract('showUnsubscribePage', reopened, 200);
    expect(reopened.body).toContain(`<h1>${MAIL_LINK_TEXTS.fr.doneTitle}</h1>`);
    expect(reopened.body).not.toContain('<form');
  });

  it('RFC 8058 one-click (form-encoded or multipart) unsubscribes and answers 200 with no body', async () => {
    const encoded = await sentMail('one.click@example.com', 'en');
    const res = await t.call('POST', link({ kind: 'unsubscribe', sendId: encoded.sendId }), {
      version: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expectContract('unsubscribe', res, 200);
    expect(res.body).toBe('');
    expect(await eventsOf(encoded.prospectId, 'unsubscribed')).toHaveLength(1);
    expect(await suppressed('one.click@example.com')).toMatchObject({ reason: 'unsubscribed' });

    const multipart = await sentMail('multi.part@example.com', 'en');
    const boundary = 'x-one-click';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const second = await t.call('POST', link({ kind: 'unsubscribe', sendId: multipart.sendId }), {
      version: null,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expectContract('unsubscribe', second, 200);
    expect(second.body).toBe('');
    expect(await eventsOf(multipart.prospectId, 'unsubscribed')).toHaveLength(1);
    // Again: nothing changes, still done.
    const again = await t.call('POST', link({ kind: 'unsubscribe', sendId: encoded.sendId }), {
      version: null,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(again.statusCode).toBe(200);
    expect(await eventsOf(encoded.prospectId, 'unsubscribed')).toHaveLength(1);
  });

  it('records one unsubscribe when the one-click POST and the page’s form come at once', async () => {
    const { prospectId, sendId } = await sentMail('both.at.once@example.com');
    const url = link({ kind: 'unsubscribe', sendId });
    const answers = await Promise.all([
      t.call('POST', url, {
        version: null,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      }),
      t.call('POST', url, { ...browser() }),
      t.call('POST', url, { ...browser() }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(await eventsOf(prospectId, 'unsubscribed')).toHaveLength(1);
    // The unsubscribe link of another of its mails: still one.
    const second = await db
      .insertInto('sends')
      .values({
        campaign_id: campaignId,
        step_id: (
          await db
            .selectFrom('campaign_steps')
            .select('id')
            .where('campaign_id', '=', campaignId)
            .where('id', '!=', stepId)
            .orderBy('position')
            .executeTakeFirstOrThrow()
        ).id,
        prospect_id: prospectId,
        message_id: `second.${sendId}@prospecta.test`,
        state: 'sent',
        due_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const again = await t.call('POST', link({ kind: 'unsubscribe', sendId: Number(second.id) }), {
      ...browser(),
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(MAIL_LINK_TEXTS.fr.doneTitle);
    expect(await eventsOf(prospectId, 'unsubscribed')).toHaveLength(1);
  });

  it('speaks English for an English campaign', async () => {
    const { sendId } = await sentMail('English.Reader@example.com', 'en');
    const url = link({ kind: 'unsubscribe', sendId });
    const page = await t.call('GET', url, browser('fr'));
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain(
      'The address English.Reader@example.com will no longer receive our messages.',
    );
    expect(page.body).toContain('<button type="submit">Confirm unsubscribe</button>');
    const done = await t.call('POST', url, { version: null });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<h1>You are unsubscribed</h1>');
  });

  it('escapes the address in the page', async () => {
    const { sendId } = await sentMail('"<b>x</b>"@example.com', 'en');
    const page = await t.call('GET', link({ kind: 'unsubscribe', sendId }), browser());
    expect(page.body).toContain('&quot;&lt;b&gt;x&lt;/b&gt;&quot;@example.com');
    expect(page.body).not.toContain('<b>x</b>');
  });

  it('refuses a JSON body, and a form body on a JSON operation', async () => {
    const { prospectId, sendId } = await sentMail('json.body@example.com');
    const res = await t.call('POST', link({ kind: 'unsubscribe', sendId }), {
      version: null,
      body: { 'List-Unsubscribe': 'One-Click' },
    });
    expectContract('unsubscribe', res, 400);
    expect(await eventsOf(prospectId, 'unsubscribed')).toEqual([]);
    const login = await t.call('POST', '/api/v2/auth/token/get', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=customer%40example.com&password=prospecta-demo',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({
      detail: 'Unsupported content type "application/x-www-form-urlencoded".',
    });
  });
});

describe('the open pixel', () => {
  it('answers a transparent GIF, never cached, and records one open of the send', async () => {
    const before = await stepFigures();
    const { prospectId, sendId } = await sentMail('pixel@example.com');
    const url = link({ kind: 'open', sendId });
    const res = await t.call('GET', url, { version: null, headers: { accept: 'image/*' } });
    expectContract('trackOpen', res, 200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.rawPayload.equals(TRANSPARENT_GIF)).toBe(true);
    expect(res.rawPayload.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['cache-control']).toContain('no-cache');
    expect(res.headers.pragma).toBe('no-cache');
    const opened = await eventsOf(prospectId, 'opened');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ campaign_id: campaignId, step_id: stepId });
    expect(Number(opened[0]!.send_id)).toBe(sendId);
    expect(await stepFigures()).toMatchObject({ contacts_opened: before.contacts_opened + 1 });
    // Loaded again at once (an image proxy, the mail shown twice): the same open.
    await t.call('GET', url, { version: null });
    expect(await eventsOf(prospectId, 'opened')).toHaveLength(1);
    expect(await stepFigures()).toMatchObject({ contacts_opened: before.contacts_opened + 1 });
  });

  it('records nothing for a HEAD request (a link checker asking about the answer)', async () => {
    const { prospectId, sendId } = await sentMail('head.only@example.com');
    const pixel = await t.call('HEAD', link({ kind: 'open', sendId }), { version: null });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    const click = await t.call('HEAD', link({ kind: 'click', sendId, page: 'offer' }), {
      version: null,
    });
    expect(click.statusCode).toBe(302);
    expect(await eventsOf(prospectId, 'opened')).toEqual([]);
    expect(await eventsOf(prospectId, 'clicked')).toEqual([]);
  });

  it('answers the pixel but records nothing when the campaign does not track opens', async () => {
    const { prospectId, sendId } = await sentMail('untracked@example.com');
    await db
      .updateTable('campaigns')
      .set({ track_opens: false })
      .where('id', '=', campaignId)
      .execute();
    try {
      const res = await t.call('GET', link({ kind: 'open', sendId }), { version: null });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(TRANSPARENT_GIF)).toBe(true);
      expect(await eventsOf(prospectId, 'opened')).toEqual([]);
    } finally {
      await db
        .updateTable('campaigns')
        .set({ track_opens: true })
        .where('id', '=', campaignId)
        .execute();
    }
  });
});

describe('a tracked link', () => {
  it('records the click with the page’s key and redirects to the campaign’s landing page with its UTM', async () => {
    const before = await stepFigures();
    const { prospectId, sendId } = await sentMail('clicker@example.com');
    const res = await t.call('GET', link({ kind: 'click', sendId, page: 'offer' }), browser());
    expectContract('followMailLink', res, 302);
    expect(res.headers.location).toBe(
      'https://www.example.com/offer?ref=mail&utm_source=prospecta&utm_medium=email&utm_campaign=spring',
    );
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const clicked = await eventsOf(prospectId, 'clicked');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.data).toEqual({ page: 'offer' });
    expect(await stepFigures()).toMatchObject({
      contacts_clicked: before.contacts_clicked + 1,
    });
    // A click never unsubscribes nor stops anything.
    expect(await eventsOf(prospectId, 'unsubscribed')).toEqual([]);
  });

  it('never redirects to an address of the request, nor to a page the campaign lacks', async () => {
    const { prospectId, sendId } = await sentMail('no.open.redirect@example.com');
    const good = link({ kind: 'click', sendId, page: 'offer' });
    const withUrl = await t.call(
      'GET',
      `${good}?url=${encodeURIComponent('https://evil.example/')}&redirect=https://evil.example/`,
      { version: null },
    );
    expect(withUrl.statusCode).toBe(302);
    expect(withUrl.headers.location).toMatch(/^https:\/\/www\.example\.com\/offer\?/);
    for (const url of [
      // A page key the campaign does not have; another campaign's page.
      link({ kind: 'click', sendId, page: 'missing' }),
      link({ kind: 'click', sendId, page: 'elsewhere' }),
      link({ kind: 'click', sendId, page: 'https://evil.example/' }),
    ]) {
      const res = await t.call('GET', url, { version: null });
      expectContract('followMailLink', res, 404);
      expect(res.headers.location).toBeUndefined();
    }
    // Only the one good click above was recorded.
    expect(await eventsOf(prospectId, 'clicked')).toHaveLength(1);
  });

  it('answers a page that no longer exists 404, with a page in the browser’s language', async () => {
    const { sendId } = await sentMail('gone.page@example.com');
    const res = await t.call(
      'GET',
      link({ kind: 'click', sendId, page: 'missing' }),
      browser('en-GB,en;q=0.9'),
    );
    expectContract('followMailLink', res, 404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<h1>${MAIL_LINK_TEXTS.en.invalidTitle}</h1>`);
    const fr = await t.call('GET', link({ kind: 'click', sendId, page: 'missing' }), browser());
    expect(fr.body).toContain('Ce lien est incomplet, modifié ou n’existe plus.');
  });
});

describe('links that are not ours', () => {
  it('answer 404 for a tampered, unsigned, foreign or misdirected token, or an unknown send', async () => {
    const { prospectId, sendId } = await sentMail('forged@example.com');
    const foreign = linkSigner(new TextEncoder().encode('another server secret, 32 bytes!'));
    const good = signer().sign({ kind: 'unsubscribe', sendId });
    const [body, mac] = good.split('.') as [string, string];
    const otherSend = Buffer.from(`u\n${sendId + 1}`).toString('base64url');
    const unknownSend = signer().sign({ kind: 'unsubscribe', sendId: 987654321 });
    const tokens = [
      `${otherSend}.${mac}`,
      `${body}.${mac.slice(0, -2)}AA`,
      body,
      Buffer.from(`u\n${sendId}`).toString('base64url'),
      foreign.sign({ kind: 'unsubscribe', sendId }),
      unknownSend,
      'not-a-token',
      '%00',
    ];
    for (const token of tokens) {
      for (const [method, path, operationId] of [
        ['GET', MAIL_LINK_PATHS.unsubscribe, 'showUnsubscribePage'],
        ['POST', MAIL_LINK_PATHS.unsubscribe, 'unsubscribe'],
        ['GET', MAIL_LINK_PATHS.open, 'trackOpen'],
        ['GET', MAIL_LINK_PATHS.click, 'followMailLink'],
      ] as const) {
        const res = await t.call(method, `${path}${token}`, { version: null });
        expectContract(operationId, res, 404);
        expect(res.json()).toHaveProperty('detail');
      }
    }
    // The right signature on a link of another kind: the open pixel's token does not unsubscribe.
    const openToken = signer().sign({ kind: 'open', sendId });
    const misdirected = await t.call('POST', `${MAIL_LINK_PATHS.unsubscribe}${openToken}`, {
      version: null,
    });
    expect(misdirected.statusCode).toBe(404);
    const clickAsOpen = await t.call(
      'GET',
      `${MAIL_LINK_PATHS.open}${signer().sign({ kind: 'click', sendId, page: 'offer' })}`,
      { version: null },
    );
    expect(clickAsOpen.statusCode).toBe(404);
    expect(await eventsOf(prospectId, 'unsubscribed')).toEqual([]);
    expect(await eventsOf(prospectId, 'opened')).toEqual([]);
    // A browser gets a page for a bad unsubscribe link; an unknown path under /m/ is no app page.
    const page = await t.call('GET', `${MAIL_LINK_PATHS.unsubscribe}${unknownSend}`, browser());
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain(`<h1>${MAIL_LINK_TEXTS.fr.invalidTitle}</h1>`);
    const unknown = await t.call('GET', '/m/x/abc', browser());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toHaveProperty('detail');
  });

  it('are limited per address', async () => {
    const address = '203.0.113.9';
    let status = 0;
    for (let i = 0; i < 700 && status !== 429; i += 1) {
      const res = await t.call('GET', `${MAIL_LINK_PATHS.open}not-a-token`, {
        version: null,
        remoteAddress: address,
      });
      status = res.statusCode;
      if (status === 429) {
        expectContract('trackOpen', res, 429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      } else expect(status).toBe(404);
    }
    expect(status).toBe(429);
    // Another address is not held back.
    const other = await t.call('GET', `${MAIL_LINK_PATHS.open}not-a-token`, {
      version: null,
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(404);
  });
});
