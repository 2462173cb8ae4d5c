import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/index';
import { DELIVER_EXPIRY_SECONDS } from '../src/engine/deliver';
import { sendsRepository } from '../src/repositories/sends';
import {
  jobsOnlyInstance,
  newSecrets,
  receivedByMessageId,
  seedCampaign,
  sendStates,
  startInstance,
  until,
  type Instance,
  type InstanceDatabase,
} from './engine-processes';
import { isolatedDatabase, migratedDataDir } from './helpers';
import { startMailPeers, type MailPeers } from './peers/mail-peers';

/**
 * `kill -9` of the sending instance in the middle of a campaign of 500 mails (the size the sending work asks for), then a restart, on both databases (the
 * instance is a server process on an embedded data directory, or on the test's PostgreSQL schema). The SMTP peer is
 * made to keep the mails it receives after the first 200 without answering, so that at the kill some sends were
 * accepted by the peer but not recorded: they stay `sending`. After the restart they become `unknown` (the recovery
 * job), are counted on the campaign and never sent again, while every other send goes exactly once.
 *
 * Waiting out the deliver job's expiry (a send is in doubt only once no attempt may still be running) and the
 * planner's delay before it hands an overdue send over again would take minutes: the test moves those sends' times
 * back by as much while no instance runs, then adds the recovery and a plan pass, as their minute schedules would.
 */
const SENDER = { user: 'kill.sender@sender.example', password: 'kill-sender-password' };
const PROSPECTS = 500;
/** Mails answered before the peer starts holding them: sends of all three fates remain at the kill. */
const ANSWERED = 200;
const postgres = process.env.API_TEST_DB === 'postgres';

let peers: MailPeers;
let pg: Awaited<ReturnType<typeof isolatedDatabase>> | null = null;
let root: string | null = null;
const running: Instance[] = [];

beforeAll(async () => {
  peers = await startMailPeers([SENDER]);
}, 60_000);
afterAll(async () => {
  for (const instance of running) await instance.kill();
  await pg?.dispose();
  await peers?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The database as this process opens it between two instances (the embedded one has a single owner). */
async function open(where: InstanceDatabase): Promise<Database> {
  if ('dataDir' in where) return openDatabase({ kind: 'pglite', dataDir: where.dataDir });
  return { ...pg!, close: async () => undefined };
}

describe('kill -9 of the sending instance', () => {
  it('sends no step twice; the sends accepted but not recorded become unknown, counted and not repeated', async () => {
    const secrets = newSecrets();
    let where: InstanceDatabase;
    if (postgres) {
      pg = await isolatedDatabase();
      where = { url: pg.postgres!.url, schema: pg.postgres!.schema! };
    } else {
      root = mkdtempSync(join(tmpdir(), 'prospecta-engine-kill-'));
      where = { dataDir: await migratedDataDir(join(root, 'pglite')) };
    }

    // The campaign, and its launch's plan pass, written while no instance runs.
    let database = await open(where);
    const { campaignId } = await seedCampaign(database.db, peers, secrets, {
      prospects: PROSPECTS,
      steps: ['Première prise de contact'],
      senders: [SENDER],
    });
    let control = await jobsOnlyInstance(database, secrets);
    await control.services.jobs.send('campaigns.plan', {});
    await control.close();
    await database.close();

    const first = await startInstance(where, peers, secrets);
    running.push(first);
    const received = peers.smtpControl.received;
    await until(
      () => received.length >= ANSWERED,
      () => `the first ${ANSWERED} mails (${received.length} received)`,
      150_000,
      [first],
    );
    // From now on the peer keeps each mail and never says so: the sender waits for an answer that will not come.
    peers.smtpControl.behaviour = 'hold_answer';
    const heldFrom = received.length;
    await until(() => received.length > heldFrom, 'a mail held by the peer', 60_000, [first]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await first.kill();
    const atKill = receivedByMessageId(peers);
    peers.smtpControl.behaviour = 'accept';

    const sends = async () =>
      database.db
        .selectFrom('sends')
        .select(['id', 'prospect_id', 'step_id', 'message_id', 'state'])
        .where('campaign_id', '=', campaignId)
        .execute();
    database = await open(where);
    const db = database.db;
    const before = await sends();
    expect(before).toHaveLength(PROSPECTS);
    const inDoubt = before.filter((s) => s.state === 'sending');
    const waiting = before.filter((s) => s.state === 'scheduled');
    const sent = before.filter((s) => s.state === 'sent');
    expect(inDoubt.length + waiting.length + sent.length).toBe(PROSPECTS);
    // What was recorded sent arrived once; what was still waiting never left; some in doubt did arrive.
    for (const s of sent) expect(atKill.byMessageId.get(s.message_id)).toBe(1);
    for (const s of waiting) expect(atKill.byMessageId.has(s.message_id)).toBe(false);
    const arrivedInDoubt = inDoubt.filter((s) => atKill.byMessageId.has(s.message_id));
    expect(arrivedInDoubt.length).toBeGreaterThan(0);
    expect(received.length).toBe(sent.length + arrivedInDoubt.length);

    // The minutes the recovery and the requeue wait for, passed (see above); their jobs added as the schedule would.
    await sql`update sends set sending_at = sending_at - ${DELIVER_EXPIRY_SECONDS + 1}::int * interval '1 second'
      where campaign_id = ${campaignId} and state = 'sending'`.execute(db);
    await sql`update sends set due_at = due_at - interval '121 seconds'
      where campaign_id = ${campaignId} and state = 'scheduled'`.execute(db);
    control = await jobsOnlyInstance(database, secrets);
    await control.services.jobs.send('sends.recover', {});
    await control.services.jobs.send('campaigns.plan', {});
    await control.close();
    await database.close();

    const restarted = await startInstance(where, peers, secrets);
    running.push(restarted);
    await until(
      () => received.length >= sent.length + arrivedInDoubt.length + waiting.length,
      () => `the waiting mails after the restart (${received.length} received)`,
      150_000,
      [restarted],
    );
    // Its running jobs finish before it stops: every outcome it had is recorded.
    const recorded = await restarted.stop();
    expect(recorded).toBe(waiting.length + inDoubt.length);

    database = await open(where);
    try {
      const after = await sends();
      const states = new Map(after.map((s) => [s.id, s.state]));
      for (const s of sent) expect(states.get(s.id)).toBe('sent');
      for (const s of waiting) expect(states.get(s.id)).toBe('sent');
      for (const s of inDoubt) expect(states.get(s.id)).toBe('unknown');
      expect(await sendStates(database.db, campaignId)).toEqual({
        sent: sent.length + waiting.length,
        unknown: inDoubt.length,
      });
      // At the peer: every prospect got the step at most once; those in doubt that had not arrived never did.
      const final = receivedByMessageId(peers);
      expect(received.length).toBe(sent.length + waiting.length + arrivedInDoubt.length);
      expect([...final.byMessageId.values()].every((n) => n === 1)).toBe(true);
      expect([...final.byRecipient.values()].every((n) => n === 1)).toBe(true);
      for (const s of inDoubt)
        expect(final.byMessageId.get(s.message_id) ?? 0).toBe(
          atKill.byMessageId.get(s.message_id) ?? 0,
        );
      // Reported on the campaign, each with its event, and the sequences moved on.
      expect((await sendsRepository(database.db).unknownCounts([campaignId])).get(campaignId)).toBe(
        inDoubt.length,
      );
      const unknownEvents = await database.db
        .selectFrom('campaign_events')
        .select('send_id')
        .where('campaign_id', '=', campaignId)
        .where('type', '=', 'outcome_unknown')
        .execute();
      expect(unknownEvents.map((e) => Number(e.send_id)).sort((a, b) => a - b)).toEqual(
        inDoubt.map((s) => Number(s.id)).sort((a, b) => a - b),
      );
      const open = await database.db
        .selectFrom('prospect_sequences')
        .select('prospect_id')
        .where('campaign_id', '=', campaignId)
        .where('next_position', 'is not', null)
        .execute();
      expect(open).toEqual([]);
    } finally {
      await database.close();
    }
  }, 420_000);
});
