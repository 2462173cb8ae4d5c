import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../src/db/index';
import { campaignEventsRepository } from '../src/repositories/campaign-events';
import { startTestApp, type TestApp } from './helpers';

/**
 * Campaign events and what each moves in its own transaction: the campaign's and the steps' figures (distinct
 * prospects), the first contact, the end of a sequence, the suppression list; and the refresh that recomputes the
 * figures from the events alone.
 */

let t: TestApp;
let db: Db;
let campaignId: number;
let stepIds: number[];

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where('user_id', '=', t.facts.customerId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  campaignId = campaign.id;
  // The seed's figures are its events' already; these tests add their own and compare the differences.
  stepIds = (
    await db
      .selectFrom('campaign_steps')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .orderBy('position')
      .execute()
  ).map((s) => s.id);
});
afterAll(async () => t?.close());

async function newProspect(email: string) {
  const row = await db
    .insertInto('prospects')
    .values({
      campaign_id: campaignId,
      user_id: t.facts.customerId,
      title: 'undefined',
      first_name: 'Test',
      company_name: 'Test company',
      last_name: email,
      email,
      prospecting_status: 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('prospect_sequences')
    .values({ prospect_id: row.id, campaign_id: campaignId, next_position: 2 })
    .execute();
  return row.id;
}

const figures = () =>
  db
    .selectFrom('campaigns')
    .select(['contacted', 'contacts_opened', 'contacts_clicked', 'contacts_answered'])
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
const stepFigures = (stepId: number) =>
  db
    .selectFrom('campaign_steps')
    .select(['contacted', 'contacts_opened', 'contacts_clicked', 'contacts_answered'])
    .where('id', '=', stepId)
    .executeTakeFirstOrThrow();

describe('campaign events', () => {
  it('a send counts its prospect once in the campaign and in its step, and moves it from pending to ongoing', async () => {
    const events = campaignEventsRepository(db);
    const before = await figures();
    const stepsBefore = await Promise.all(stepIds.slice(0, 2).map(stepFigures));
    const prospectId = await newProspect('first.send@example.com');
    await events.record([
      { type: 'sent', campaignId, prospectId, stepId: stepIds[0]! },
      { type: 'sent', campaignId, prospectId, stepId: stepIds[0]! },
    ]);
    await events.record([{ type: 'sent', campaignId, prospectId, stepId: stepIds[1]! }]);
    const after = await figures();
    expect(after.contacted).toBe(before.contacted + 1);
    expect((await stepFigures(stepIds[0]!)).contacted).toBe(stepsBefore[0]!.contacted + 1);
    expect((await stepFigures(stepIds[1]!)).contacted).toBe(stepsBefore[1]!.contacted + 1);
    const prospect = await db
      .selectFrom('prospects')
      .select('prospecting_status')
      .where('id', '=', prospectId)
      .executeTakeFirstOrThrow();
    expect(prospect.prospecting_status).toBe('ongoing');
    const changes = await db
      .selectFrom('history_entries')
      .select(['from_status', 'to_status'])
      .where('prospect_id', '=', prospectId)
      .where('type', '=', 'status_change')
      .execute();
    expect(changes).toEqual([{ from_status: 'pending', to_status: 'ongoing' }]);
  });

  it('opens and clicks count distinct prospects, whatever their number of events', async () => {
    const events = campaignEventsRepository(db);
    const before = await figures();
    const a = await newProspect('opens.a@example.com');
    const b = await newProspect('opens.b@example.com');
    await events.record([
      { type: 'opened', campaignId, prospectId: a, stepId: stepIds[0]! },
      { type: 'opened', campaignId, prospectId: a, stepId: stepIds[0]! },
      { type: 'opened', campaignId, prospectId: a, stepId: stepIds[1]! },
      { type: 'opened', campaignId, prospectId: b, stepId: stepIds[0]! },
      { type: 'clicked', campaignId, prospectId: b, stepId: stepIds[0]! },
    ]);
    const after = await figures();
    expect(after.contacts_opened - before.contacts_opened).toBe(2);
    expect(after.contacts_clicked - before.contacts_clicked).toBe(1);
    expect(
      (await events.prospectsOf(campaignId, 'clicked', stepIds[0]!)).map((p) => p.prospectId),
    ).toContain(b);
  });

  it('a reply stops the sequence and cancels its planned sends; a bounce and an unsubscribe suppress the address', async () => {
    const events = campaignEventsRepository(db);
    const replier = await newProspect('replier@example.com');
    const bouncer = await newProspect('Bouncer@Example.com');
    await db
      .insertInto('sends')
      .values({
        campaign_id: campaignId,
        step_id: stepIds[1]!,
        prospect_id: replier,
        message_id: `test-${replier}@example.com`,
        state: 'scheduled',
        due_at: new Date(Date.now() + 3600_000),
      })
      .execute();
    await events.record([
      { type: 'replied', campaignId, prospectId: replier, stepId: stepIds[0]! },
      { type: 'bounced', campaignId, prospectId: bouncer, stepId: stepIds[0]! },
    ]);
    const sequences = await db
      .selectFrom('prospect_sequences')
      .select(['prospect_id', 'stopped_reason', 'next_due_at'])
      .where('prospect_id', 'in', [replier, bouncer])
      .orderBy('prospect_id')
      .execute();
    expect(sequences.map((s) => s.stopped_reason)).toEqual(['replied', 'bounced']);
    const send = await db
      .selectFrom('sends')
      .select('state')
      .where('prospect_id', '=', replier)
      .executeTakeFirstOrThrow();
    expect(send.state).toBe('cancelled');
    const suppressed = await db
      .selectFrom('suppressions')
      .select(['email', 'reason'])
      .where('user_id', '=', t.facts.customerId)
      .where('email', '=', 'bouncer@example.com')
      .execute();
    expect(suppressed).toEqual([{ email: 'bouncer@example.com', reason: 'bounced' }]);
  });

  it('a campaign that goes on after replies leaves the replier’s sequence running', async () => {
    await db
      .updateTable('campaigns')
      .set({ stop_on_reply: false })
      .where('id', '=', campaignId)
      .execute();
    try {
      const prospectId = await newProspect('keeps.going@example.com');
      await campaignEventsRepository(db).record([
        { type: 'replied', campaignId, prospectId, stepId: stepIds[0]! },
      ]);
      const sequence = await db
        .selectFrom('prospect_sequences')
        .select('stopped_reason')
        .where('prospect_id', '=', prospectId)
        .executeTakeFirstOrThrow();
      expect(sequence.stopped_reason).toBeNull();
    } finally {
      await db
        .updateTable('campaigns')
        .set({ stop_on_reply: true })
        .where('id', '=', campaignId)
        .execute();
    }
  });

  it('an event recorded in a transaction that rolls back moves nothing', async () => {
    const prospectId = await newProspect('rolled.back@example.com');
    const before = await figures();
    await expect(
      db.transaction().execute(async (trx) => {
        await campaignEventsRepository(trx).record([
          { type: 'sent', campaignId, prospectId, stepId: stepIds[0]! },
        ]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await figures()).toEqual(before);
    const events = await db
      .selectFrom('campaign_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('prospect_id', '=', prospectId)
      .executeTakeFirstOrThrow();
    expect(events.n).toBe(0);
  });

  it('the refresh recomputes every figure from the events alone', async () => {
    const events = campaignEventsRepository(db);
    const expected = await figures();
    const expectedSteps = await Promise.all(stepIds.map(stepFigures));
    await db
      .updateTable('campaigns')
      .set({ contacted: 999, contacts_opened: 999, contacts_clicked: 999, contacts_answered: 999 })
      .where('id', '=', campaignId)
      .execute();
    await db
      .updateTable('campaign_steps')
      .set({ contacted: 7 })
      .where('campaign_id', '=', campaignId)
      .execute();
    await db.deleteFrom('event_marks').where('campaign_id', '=', campaignId).execute();
    const stamp = new Date('2026-11-28T10:00:00Z');
    await events.recount(campaignId, stamp);
    expect(await figures()).toEqual(expected);
    expect(await Promise.all(stepIds.map(stepFigures))).toEqual(expectedSteps);
    // And they are the distinct prospects of each kind of event.
    const distinct = async (types: string[]) =>
      (
        await db
          .selectFrom('campaign_events')
          .select(sql<number>`count(distinct prospect_id)::int`.as('n'))
          .where('campaign_id', '=', campaignId)
          .where('type', 'in', types)
          .executeTakeFirstOrThrow()
      ).n;
    expect(expected).toEqual({
      contacted: await distinct(['sent', 'task_done']),
      contacts_opened: await distinct(['opened']),
      contacts_clicked: await distinct(['clicked']),
      contacts_answered: await distinct(['replied']),
    });
    const campaign = await db
      .selectFrom('campaigns')
      .select(['last_sync_at', 'audience'])
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(new Date(campaign.last_sync_at!).toISOString()).toBe(stamp.toISOString());
    const prospects = await db
      .selectFrom('prospects')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(campaign.audience).toBe(prospects.n);
  });

  it('an open, a click, a bounce and an unsubscribe show in the prospect’s history once, with the step’s number and the campaign’s name', async () => {
    const events = campaignEventsRepository(db);
    const prospectId = await newProspect('history.events@example.com');
    const { name } = await db
      .selectFrom('campaigns')
      .select('name')
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    const { position } = await db
      .selectFrom('campaign_steps')
      .select('position')
      .where('id', '=', stepIds[1]!)
      .executeTakeFirstOrThrow();
    await events.record([
      { type: 'opened', campaignId, prospectId, stepId: stepIds[1]! },
      // Image proxies open a mail many times: one entry.
      { type: 'opened', campaignId, prospectId, stepId: stepIds[1]! },
      { type: 'clicked', campaignId, prospectId, stepId: stepIds[1]! },
      { type: 'sent', campaignId, prospectId, stepId: stepIds[1]! },
    ]);
    await events.record([{ type: 'bounced', campaignId, prospectId, stepId: stepIds[1]! }]);
    await events.record([
      { type: 'unsubscribed', campaignId, prospectId, stepId: null },
      { type: 'unsubscribed', campaignId, prospectId, stepId: null },
    ]);
    const entries = await db
      .selectFrom('history_entries')
      .select(['content', 'data', 'direction'])
      .where('prospect_id', '=', prospectId)
      .where('type', '=', 'event')
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      {
        content: `Email ${position} opened`,
        data: { event: 'email_opened', step: position, campaign: name },
        direction: null,
      },
      {
        content: `Link clicked in email ${position}`,
        data: { event: 'link_clicked', step: position, campaign: name },
        direction: null,
      },
      {
        content: `Email ${position} bounced`,
        data: { event: 'email_bounced', step: position, campaign: name },
        direction: null,
      },
      {
        content: `Unsubscribed from campaign "${name}"`,
        data: { event: 'unsubscribed', step: null, campaign: name },
        direction: null,
      },
    ]);
    // The read model gives the codes to the app.
    const prospect = await t.call('GET', `/api/v2/prospects/${prospectId}`, {
      token: (await t.login('customer@example.com')).access,
    });
    expect(prospect.statusCode).toBe(200);
    const codes = (prospect.json().history as { event: { code: string } | null }[])
      .map((h) => h.event?.code)
      .filter(Boolean);
    expect(codes).toEqual(
      expect.arrayContaining(['email_opened', 'link_clicked', 'email_bounced', 'unsubscribed']),
    );
  });
});
