import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplyLabel } from '@prospecta/domain';
import type { Db } from '../src/db/index';
import { campaignEventsRepository } from '../src/repositories/campaign-events';
import { expectContract, startTestApp, type TestApp } from './helpers';

/**
 * An answer's label and the suppression list (decision 0250): labelling an answer `unsubscribe` unsubscribes its
 * prospect as the link does (sequence stopped, address suppressed, the history says so); another label lifts that
 * suppression when this answer's label made it, and never one a link, a bounce or another answer made.
 */
let t: TestApp;
let db: Db;
let customer: string;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  customer = (await t.login('customer@example.com')).access;
});
afterAll(async () => t?.close());

/** A new answer of a prospect that had none (or of `prospectId`), as the mailbox watch would store it. */
async function arrives(label: ReplyLabel, prospectId?: number) {
  const res = await t.call('POST', '/api/dev/inbox-answers', {
    version: null,
    body: {
      email: 'customer@example.com',
      content: 'Bonjour, merci.',
      label,
      ...(prospectId ? { prospect_id: prospectId } : {}),
    },
  });
  expectContract('addDevInboxAnswer', res, 201);
  const answer = res.json() as { message_id: number; prospect_id: number };
  const prospect = await db
    .selectFrom('prospects')
    .select(['email', 'campaign_id'])
    .where('id', '=', answer.prospect_id)
    .executeTakeFirstOrThrow();
  // A running sequence, to see it stop.
  await db
    .insertInto('prospect_sequences')
    .values({
      prospect_id: answer.prospect_id,
      campaign_id: prospect.campaign_id as number,
      next_position: 2,
      next_due_at: new Date(Date.now() + 86_400_000),
      thread_message_id: null,
      stopped_reason: null,
      stopped_at: null,
      updated_at: new Date(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return {
    messageId: answer.message_id,
    prospectId: answer.prospect_id,
    email: (prospect.email as string).toLowerCase(),
    campaignId: prospect.campaign_id as number,
  };
}

async function relabel(messageId: number, label: ReplyLabel) {
  const res = await t.call(
    'PUT',
    `/api/v1/users/${t.facts.customerId}/inbox-messages/${messageId}/label`,
    { token: customer, body: { label } },
  );
  expectContract('setInboxMessageLabel', res, 200);
}

const suppression = (email: string) =>
  db
    .selectFrom('suppressions')
    .select(['reason', 'reply_entry_id'])
    .where('user_id', '=', t.facts.customerId)
    .where('email', '=', email)
    .executeTakeFirst();
const sequenceOf = (prospectId: number) =>
  db
    .selectFrom('prospect_sequences')
    .select(['stopped_reason', 'next_due_at'])
    .where('prospect_id', '=', prospectId)
    .executeTakeFirstOrThrow();
const historyCodes = async (prospectId: number) =>
  (
    (await t.call('GET', `/api/v2/prospects/${prospectId}`, { token: customer })).json() as {
      history: { event?: { code: string } | null }[];
    }
  ).history.flatMap((entry) => (entry.event ? [entry.event.code] : []));

describe('labelling an answer "unsubscribe"', () => {
  it('stops the sequence and suppresses the address as the link does, and another label lifts it', async () => {
    const p = await arrives('other');
    await relabel(p.messageId, 'unsubscribe');
    expect(await suppression(p.email)).toEqual({
      reason: 'unsubscribed',
      reply_entry_id: p.messageId,
    });
    expect(await sequenceOf(p.prospectId)).toEqual({
      stopped_reason: 'unsubscribed',
      next_due_at: null,
    });
    const events = await db
      .selectFrom('campaign_events')
      .select(['type', 'campaign_id'])
      .where('prospect_id', '=', p.prospectId)
      .where('type', '=', 'unsubscribed')
      .execute();
    expect(events).toEqual([{ type: 'unsubscribed', campaign_id: p.campaignId }]);
    expect(await historyCodes(p.prospectId)).toEqual(
      expect.arrayContaining(['unsubscribed', 'reply_label_changed']),
    );

    await relabel(p.messageId, 'not_interested');
    expect(await suppression(p.email)).toBeUndefined();
    // Lifting the suppression does not write to the prospect again on its own: the sequence stays stopped.
    expect(await sequenceOf(p.prospectId)).toMatchObject({ stopped_reason: 'unsubscribed' });
    // The unsubscribe link's page no longer says the address is unsubscribed.
    const send = { prospectId: p.prospectId, campaignId: p.campaignId };
    expect(
      await t.app.services.repos.mailLinks.hasUnsubscribed(
        send as Parameters<typeof t.app.services.repos.mailLinks.hasUnsubscribed>[0],
      ),
    ).toBe(false);

    // And back: suppressed again.
    await relabel(p.messageId, 'unsubscribe');
    expect(await suppression(p.email)).toEqual({
      reason: 'unsubscribed',
      reply_entry_id: p.messageId,
    });
    expect(
      await t.app.services.repos.mailLinks.hasUnsubscribed(
        send as Parameters<typeof t.app.services.repos.mailLinks.hasUnsubscribed>[0],
      ),
    ).toBe(true);
  });

  it('never lifts a suppression a link or a bounce made, before or after the label', async () => {
    // The link first: the label adds nothing and lifts nothing.
    const clicked = await arrives('other');
    await campaignEventsRepository(db).record([
      {
        type: 'unsubscribed',
        campaignId: clicked.campaignId,
        prospectId: clicked.prospectId,
        stepId: null,
      },
    ]);
    await relabel(clicked.messageId, 'unsubscribe');
    await relabel(clicked.messageId, 'interested');
    expect(await suppression(clicked.email)).toEqual({
      reason: 'unsubscribed',
      reply_entry_id: null,
    });

    // The label first, then a bounce: the bounce makes it permanent.
    const bounced = await arrives('other');
    await relabel(bounced.messageId, 'unsubscribe');
    await campaignEventsRepository(db).record([
      {
        type: 'bounced',
        campaignId: bounced.campaignId,
        prospectId: bounced.prospectId,
        stepId: null,
      },
    ]);
    await relabel(bounced.messageId, 'other');
    expect(await suppression(bounced.email)).toEqual({
      reason: 'unsubscribed',
      reply_entry_id: null,
    });
  });

  it('keeps the address suppressed while another of its answers is still labelled "unsubscribe"', async () => {
    const first = await arrives('unsubscribe');
    await relabel(first.messageId, 'other');
    await relabel(first.messageId, 'unsubscribe');
    const second = await arrives('other', first.prospectId);
    await relabel(second.messageId, 'unsubscribe');
    // The first answer's label put it there.
    expect(await suppression(first.email)).toMatchObject({ reply_entry_id: first.messageId });
    await relabel(first.messageId, 'interested');
    expect(await suppression(first.email)).toEqual({
      reason: 'unsubscribed',
      reply_entry_id: second.messageId,
    });
    await relabel(second.messageId, 'interested');
    expect(await suppression(first.email)).toBeUndefined();
  });
});
