import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FIGURE_PROSPECTS_LIMIT } from '@prospecta/domain';
import type { Db } from '../src/db/index';
import { campaignEventsRepository } from '../src/repositories/campaign-events';
import { expectContract, startTestApp, type TestApp } from './helpers';

/**
 * The prospects behind a figure (decision 0174): staff list who a campaign's or a step's figure counts, first in
 * first, capped with the count; a customer is refused.
 */

let t: TestApp;
let db: Db;
let customer: string;
let staff: string;
let campaignId: number;
let otherCampaignId: number;
let stepIds: number[];
let prospectIds: number[];

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  [customer, staff] = await Promise.all([
    t.login('customer@example.com').then((s) => s.access),
    t.login('staff@example.com').then((s) => s.access),
  ]);
  const campaigns = await db
    .selectFrom('campaigns')
    .select('id')
    .where('user_id', '=', t.facts.customerId)
    .orderBy('id')
    .execute();
  campaignId = campaigns[0]!.id;
  otherCampaignId = campaigns[1]!.id;
  stepIds = (
    await db
      .selectFrom('campaign_steps')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .orderBy('position')
      .execute()
  ).map((s) => s.id);
  prospectIds = (
    await db
      .selectFrom('prospects')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .limit(3)
      .execute()
  ).map((p) => p.id);
  const events = campaignEventsRepository(db);
  // The figures from these events only.
  // The seed records its own events for the campaign: start from none, so these tests' figures are theirs alone.
  await db.deleteFrom('campaign_events').where('campaign_id', '=', campaignId).execute();
  await events.recount(campaignId);
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 9, minutes));
  await events.record([
    { type: 'sent', campaignId, prospectId: prospectIds[1]!, stepId: stepIds[0]!, at: at(0) },
    { type: 'sent', campaignId, prospectId: prospectIds[0]!, stepId: stepIds[0]!, at: at(1) },
    { type: 'opened', campaignId, prospectId: prospectIds[0]!, stepId: stepIds[0]!, at: at(2) },
    { type: 'sent', campaignId, prospectId: prospectIds[2]!, stepId: stepIds[1]!, at: at(3) },
  ]);
});
afterAll(async () => t?.close());

const url = (figure: string, stepId?: number, campaign = campaignId) =>
  `/api/v1/campaigns/${campaign}/figures/${figure}/prospects${stepId === undefined ? '' : `?step_id=${stepId}`}`;

describe('the prospects behind a figure', () => {
  it('lists a step’s figure, first in first, with names and when each got in', async () => {
    const res = await t.call('GET', url('contacted', stepIds[0]), { token: staff });
    expectContract('listFigureProspects', res, 200);
    const body = res.json() as {
      figure: string;
      step_id: number | null;
      count: number;
      prospects: { id: number; first_name: string; at: string }[];
    };
    expect(body).toMatchObject({ figure: 'contacted', step_id: stepIds[0], count: 2 });
    expect(body.prospects.map((p) => p.id)).toEqual([prospectIds[1], prospectIds[0]]);
    expect(body.prospects[0]!.at).toBe('2026-11-20T09:00:00.000Z');
    expect(body.prospects[0]!.first_name).not.toBe('');
  });

  it('lists the campaign’s own figure without a step', async () => {
    const contacted = await t.call('GET', url('contacted'), { token: staff });
    expectContract('listFigureProspects', contacted, 200);
    expect(contacted.json()).toMatchObject({ step_id: null, count: 3 });
    const opened = await t.call('GET', url('opened'), { token: staff });
    expect(opened.json()).toMatchObject({ count: 1, prospects: [{ id: prospectIds[0] }] });
    const answered = await t.call('GET', url('answered'), { token: staff });
    expect(answered.json()).toEqual({ figure: 'answered', step_id: null, count: 0, prospects: [] });
  });

  it('refuses a customer, even for their own campaign (403)', async () => {
    const res = await t.call('GET', url('contacted', stepIds[0]), { token: customer });
    expectContract('listFigureProspects', res, 403);
  });

  it('answers 404 for a step of another campaign, 400 for an unknown figure', async () => {
    const otherStep = await db
      .selectFrom('campaign_steps')
      .select('id')
      .where('campaign_id', '=', otherCampaignId)
      .executeTakeFirstOrThrow();
    const foreign = await t.call('GET', url('contacted', otherStep.id), { token: staff });
    expectContract('listFigureProspects', foreign, 404);
    const unknown = await t.call('GET', url('bounced'), { token: staff });
    expectContract('listFigureProspects', unknown, 400);
  });

  it('lists at most FIGURE_PROSPECTS_LIMIT prospects and counts them all', async () => {
    const extra = FIGURE_PROSPECTS_LIMIT + 1;
    await sql`insert into prospects (campaign_id, user_id, title, first_name, last_name, company_name, prospecting_status)
      select ${otherCampaignId}, ${t.facts.customerId}, 'undefined', 'Many', 'Prospect ' || n, 'Company', 'pending'
      from generate_series(1, ${extra}) as n`.execute(db);
    // The seed's own marks of that figure out of the way: the count is these prospects'.
    await db
      .deleteFrom('event_marks')
      .where('campaign_id', '=', otherCampaignId)
      .where('figure', '=', 'clicked')
      .execute();
    await sql`insert into event_marks (prospect_id, step_id, figure, campaign_id, first_at)
      select id, 0, 'clicked', campaign_id, now() - (id || ' seconds')::interval from prospects
      where campaign_id = ${otherCampaignId} and first_name = 'Many'`.execute(db);
    const res = await t.call('GET', url('clicked', undefined, otherCampaignId), { token: staff });
    expectContract('listFigureProspects', res, 200);
    const body = res.json() as { count: number; prospects: unknown[] };
    expect(body.count).toBe(extra);
    expect(body.prospects).toHaveLength(FIGURE_PROSPECTS_LIMIT);
  });
});
