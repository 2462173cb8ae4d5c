import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index';
import { campaignEventsRepository } from '../src/repositories/campaign-events';
import { expectContract, startTestApp, type TestApp } from './helpers';

/**
 * LinkedIn tasks (decision 0173): the open ones of a user, due first, with their prospect, campaign and step; done
 * or skipped by their owner or staff, each with its event (a task done counts the prospect as contacted on its step
 * and in the campaign), once.
 */

let t: TestApp;
let db: Db;
let customer: string;
let staff: string;
let other: string;
let campaignId: number;
let stepId: number;
let prospectIds: number[];

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  [customer, staff, other] = await Promise.all([
    t.login('customer@example.com').then((s) => s.access),
    t.login('staff@example.com').then((s) => s.access),
    t.login('other.customer@example.com').then((s) => s.access),
  ]);
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where('user_id', '=', t.facts.customerId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  campaignId = campaign.id;
  const step = await db
    .selectFrom('campaign_steps')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .orderBy('position', 'desc')
    .executeTakeFirstOrThrow();
  stepId = step.id;
  prospectIds = (
    await db
      .selectFrom('prospects')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .limit(4)
      .execute()
  ).map((p) => p.id);
  // The figures from the events only (none yet), so a task done moves them by exactly one.
  // The seed records its own events for the campaign: start from none, so these tests' figures are theirs alone.
  await db.deleteFrom('campaign_events').where('campaign_id', '=', campaignId).execute();
  await campaignEventsRepository(db).recount(campaignId);
});
afterAll(async () => t?.close());

const day = 24 * 3600 * 1000;

async function newTask(prospectId: number, dueInDays: number, state = 'open') {
  const row = await db
    .insertInto('tasks')
    .values({
      campaign_id: campaignId,
      step_id: stepId,
      prospect_id: prospectId,
      user_id: t.facts.customerId,
      type: 'linkedin_invitation',
      body: `Hello ${prospectId}, glad to connect.`,
      due_at: new Date(Date.now() + dueInDays * day),
      state,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const figures = async () => {
  const c = await db
    .selectFrom('campaigns')
    .select('contacted')
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const s = await db
    .selectFrom('campaign_steps')
    .select('contacted')
    .where('id', '=', stepId)
    .executeTakeFirstOrThrow();
  return { campaign: c.contacted, step: s.contacted };
};

const eventsOf = (prospectId: number) =>
  db
    .selectFrom('campaign_events')
    .select(['type', 'step_id'])
    .where('prospect_id', '=', prospectId)
    .where('type', 'like', 'task_%')
    .execute();

describe('LinkedIn tasks', () => {
  let later: number;
  let overdue: number;
  let soon: number;

  it('lists the open tasks of a customer, due first, with their prospect, campaign and step', async () => {
    later = await newTask(prospectIds[0]!, 3);
    overdue = await newTask(prospectIds[1]!, -2);
    soon = await newTask(prospectIds[2]!, 0);
    await newTask(prospectIds[3]!, -5, 'done');
    const res = await t.call('GET', `/api/v1/users/${t.facts.customerId}/tasks`, {
      token: customer,
    });
    expectContract('listUserTasks', res, 200);
    const body = res.json() as {
      open_count: number;
      tasks: { id: number; body: string; prospect: { id: number }; campaign: { id: number } }[];
    };
    expect(body.open_count).toBe(3);
    expect(body.tasks.map((task) => task.id)).toEqual([overdue, soon, later]);
    expect(body.tasks[0]).toMatchObject({
      state: 'open',
      type: 'linkedin_invitation',
      body: `Hello ${prospectIds[1]}, glad to connect.`,
      done_at: null,
      prospect: { id: prospectIds[1] },
      campaign: { id: campaignId },
      step: { id: stepId },
    });
  });

  it('narrows the list to one prospect', async () => {
    const res = await t.call(
      'GET',
      `/api/v1/users/${t.facts.customerId}/tasks?prospect_id=${prospectIds[0]}`,
      { token: customer },
    );
    expectContract('listUserTasks', res, 200);
    expect(res.json()).toMatchObject({ open_count: 1, tasks: [{ id: later }] });
  });

  it('lets staff read a customer’s tasks, and refuses another customer (403)', async () => {
    const asStaff = await t.call('GET', `/api/v1/users/${t.facts.customerId}/tasks`, {
      token: staff,
    });
    expectContract('listUserTasks', asStaff, 200);
    expect((asStaff.json() as { open_count: number }).open_count).toBe(3);
    const asOther = await t.call('GET', `/api/v1/users/${t.facts.customerId}/tasks`, {
      token: other,
    });
    expectContract('listUserTasks', asOther, 403);
  });

  it('a task done records task_done and counts its prospect as contacted on the step and in the campaign', async () => {
    const before = await figures();
    const res = await t.call('PATCH', `/api/v1/tasks/${overdue}`, {
      token: customer,
      body: { state: 'done' },
    });
    expectContract('updateTask', res, 200);
    expect(res.json()).toMatchObject({ id: overdue, state: 'done' });
    expect((res.json() as { done_at: string | null }).done_at).not.toBeNull();
    expect(await eventsOf(prospectIds[1]!)).toEqual([{ type: 'task_done', step_id: stepId }]);
    expect(await figures()).toEqual({ campaign: before.campaign + 1, step: before.step + 1 });
    const row = await db
      .selectFrom('tasks')
      .select(['state', 'done_by'])
      .where('id', '=', overdue)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'done', done_by: t.facts.customerId });
  });

  it('a task skipped by staff records task_skipped and moves no figure', async () => {
    const before = await figures();
    const res = await t.call('PATCH', `/api/v1/tasks/${soon}`, {
      token: staff,
      body: { state: 'skipped' },
    });
    expectContract('updateTask', res, 200);
    expect(res.json()).toMatchObject({ id: soon, state: 'skipped' });
    expect(await eventsOf(prospectIds[2]!)).toEqual([{ type: 'task_skipped', step_id: stepId }]);
    expect(await figures()).toEqual(before);
    const list = await t.call('GET', `/api/v1/users/${t.facts.customerId}/tasks`, {
      token: customer,
    });
    expect(list.json()).toMatchObject({ open_count: 1, tasks: [{ id: later }] });
  });

  it('closes a task once: a closed task answers 409 and records nothing more', async () => {
    const again = await t.call('PATCH', `/api/v1/tasks/${overdue}`, {
      token: customer,
      body: { state: 'skipped' },
    });
    expectContract('updateTask', again, 409);
    expect(await eventsOf(prospectIds[1]!)).toHaveLength(1);
  });

  it('answers another customer’s task and an unknown one like a missing one (404)', async () => {
    const foreign = await t.call('PATCH', `/api/v1/tasks/${later}`, {
      token: other,
      body: { state: 'done' },
    });
    expectContract('updateTask', foreign, 404);
    const unknown = await t.call('PATCH', '/api/v1/tasks/999999', {
      token: customer,
      body: { state: 'done' },
    });
    expectContract('updateTask', unknown, 404);
    expect(await eventsOf(prospectIds[0]!)).toEqual([]);
  });

  it('refuses a state other than done or skipped (400)', async () => {
    const res = await t.call('PATCH', `/api/v1/tasks/${later}`, {
      token: customer,
      body: { state: 'open' },
    });
    expectContract('updateTask', res, 400);
  });
});
