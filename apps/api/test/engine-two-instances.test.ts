import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  jobsOnlyInstance,
  newSecrets,
  receivedByMessageId,
  seedCampaign,
  sendStates,
  startInstance,
  until,
  type Instance,
} from './engine-processes';
import { isolatedDatabase } from './helpers';
import { startMailPeers, type MailPeers } from './peers/mail-peers';

/**
 * Two server processes with the sending engine on one PostgreSQL database (each its own connection pools and job
 * worker) run one campaign of 1,000 prospects and two e-mail steps to one SMTP peer: each step reaches each prospect
 * exactly once (counted at the peer by Message-ID and by recipient, and in the sends), both instances send, and the
 * follow-up answers the first mail whichever instance sent each. The embedded database has one process by design
 * (its directory lock): this runs on PostgreSQL only (`api-pg`).
 *
 * The steps follow each other without delay, and a plan pass is added every second as a launch adds one (the minute
 * schedule would make the run minutes long).
 */
const SENDERS = [
  { user: 'first.sender@sender.example', password: 'first-sender-password' },
  { user: 'second.sender@sender.example', password: 'second-sender-password' },
];
const PROSPECTS = 1000;
const STEPS = ['Première prise de contact', 'Relance'];
const postgres = process.env.API_TEST_DB === 'postgres';

describe.runIf(postgres)('two instances on one PostgreSQL database', () => {
  let peers: MailPeers;
  let database: Awaited<ReturnType<typeof isolatedDatabase>>;
  let control: FastifyInstance | null = null;
  const instances: Instance[] = [];

  beforeAll(async () => {
    peers = await startMailPeers(SENDERS);
    database = await isolatedDatabase();
  }, 60_000);
  afterAll(async () => {
    for (const instance of instances) await instance.kill();
    await control?.close();
    await database?.dispose();
    await peers?.close();
  });

  it('send each step of a 1,000-prospect campaign exactly once per prospect', async () => {
    const secrets = newSecrets();
    const { db } = database;
    const { campaignId, stepIds } = await seedCampaign(db, peers, secrets, {
      prospects: PROSPECTS,
      steps: STEPS,
      senders: SENDERS,
    });
    control = await jobsOnlyInstance(database, secrets);
    const where = { url: database.postgres!.url, schema: database.postgres!.schema! };
    instances.push(
      ...(await Promise.all([
        startInstance(where, peers, secrets),
        startInstance(where, peers, secrets),
      ])),
    );
    const status = async () =>
      (
        await db
          .selectFrom('campaigns')
          .select('status')
          .where('id', '=', campaignId)
          .executeTakeFirstOrThrow()
      ).status;
    const jobs = control.services.jobs;
    await until(
      async () => {
        // One pass waits at most (the job's policy): the others are refused.
        await jobs.send('campaigns.plan', {});
        return (await status()) === 'finished';
      },
      'the campaign finished',
      280_000,
      instances,
    );
    const [a, b] = await Promise.all(instances.map((i) => i.stop()));
    // Both sent, and together they recorded every send once.
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(a! + b!).toBe(PROSPECTS * STEPS.length);

    const sends = await db
      .selectFrom('sends')
      .select(['prospect_id', 'step_id', 'message_id', 'state'])
      .where('campaign_id', '=', campaignId)
      .execute();
    expect(await sendStates(db, campaignId)).toEqual({ sent: PROSPECTS * STEPS.length });
    expect(new Set(sends.map((s) => `${s.prospect_id}:${s.step_id}`)).size).toBe(sends.length);

    const received = peers.smtpControl.received;
    expect(received).toHaveLength(PROSPECTS * STEPS.length);
    const { byMessageId, byRecipient } = receivedByMessageId(peers);
    expect([...byMessageId.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(byMessageId.keys())).toEqual(new Set(sends.map((s) => s.message_id)));
    expect(byRecipient.size).toBe(PROSPECTS);
    expect([...byRecipient.values()].every((n) => n === STEPS.length)).toBe(true);

    // Each follow-up answers its prospect's first mail, whichever instance sent either.
    const firstOf = new Map(
      sends.filter((s) => s.step_id === stepIds[0]).map((s) => [s.prospect_id, s.message_id]),
    );
    const inReplyTo = new Map(
      received.map((m) => [
        /^Message-ID:\s*<([^>]+)>/im.exec(m.raw)?.[1],
        /^In-Reply-To:\s*<([^>]+)>/im.exec(m.raw)?.[1],
      ]),
    );
    for (const s of sends.filter((s) => s.step_id === stepIds[1]))
      expect(inReplyTo.get(s.message_id)).toBe(firstOf.get(s.prospect_id));
  }, 360_000);
});
