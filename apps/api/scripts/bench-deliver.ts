/**
 * Benchmark (not a test) of the deliverer (src/engine/deliver.ts): how many planned e-mails one instance hands to a
 * local SMTP server per second, the whole way: the send taken (its conditional update committed), its message
 * composed (template, links signed, HTML part with the pixel), sent through nodemailer over STARTTLS with the
 * mailbox's password (decrypted, the host checked by the mail-host policy), and its outcome written with its
 * event, the mailbox's figures and the planner's step (one row of prospect_sequences) in one transaction.
 *
 * BENCH_CONCURRENCY sends at once, as the `sends.deliver` job runs them on one instance (its concurrency). The SMTP
 * server is the tests' smtp-server peer (test/peers/mail-peers.ts) on this machine: it accepts every mail. Printed per
 * database: mails/s, p50/p95 of one send, and the machine's load.
 *
 *   pnpm --filter @prospecta/api bench:deliver
 *
 * Env: BENCH_POOLED (default 1: the mailbox's connections kept open and reused, as the job does; 0: one connection
 * per mail), BENCH_SENDS (default 2000), BENCH_CONCURRENCY (default 8), BENCH_DATABASES (default pglite,postgres),
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). The embedded database is the server's durable
 * one, on disk in the system's temporary directory (every commit flushed).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { dropSchema, openDatabase, type Database } from '../src/db/index';
import { deliverSend, type DeliverDeps } from '../src/engine/deliver';
import { linkSigner } from '../src/engine/links';
import { SmtpPools } from '../src/engine/transport';
import { MailHostGuard } from '../src/integrations/mail-hosts';
import { SecretBox } from '../src/security/secret-box';
import { peersMailHosts, startMailPeers, type MailPeers } from '../test/peers/mail-peers';
import { benchCustomer, peerMailboxes } from './bench-server';
import { machineLoad, percentile } from './bench-stats';

const SENDS = Number(process.env.BENCH_SENDS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const POOLED = process.env.BENCH_POOLED !== '0';
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SENDER = { user: 'bench@sender.example', password: 'bench-password' };

/** One customer, one mailbox, one running campaign with one step and a landing page, SENDS prospects and sends. */
async function prepare(database: Database, secretBox: SecretBox, peers: MailPeers) {
  const { db } = database;
  const userId = await benchCustomer(db);
  const [accountId] = await peerMailboxes(db, secretBox, peers, userId, 'smtp', [
    { ...SENDER, name: 'Bench Sender' },
  ]);
  const campaign = await db
    .insertInto('campaigns')
    .values({
      user_id: userId,
      name: 'Bench',
      status: 'running',
      is_active: true,
      // Open whenever the bench runs (the deliverer sends nothing outside a campaign's hours).
      time_zone: new Date().getUTCHours() >= 22 ? 'Etc/GMT+6' : 'UTC',
      sending_days: JSON.stringify([1, 2, 3, 4, 5, 6, 7]),
      sending_start: '00:00',
      sending_end: '23:59',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('landing_pages')
    .values({
      campaign_id: campaign.id,
      position: 1,
      key: 'offre',
      name: 'Notre offre',
      url: 'https://www.example.com/offre',
      utm_source: 'prospecta',
      utm_medium: 'email',
      utm_campaign: 'bench',
      utm_content: '',
      utm_term: '',
    })
    .execute();
  const step = await db
    .insertInto('campaign_steps')
    .values({
      campaign_id: campaign.id,
      position: 1,
      name: 'First mail',
      workflow_step_type: 'email',
      subject: 'Bonjour {{first_name|à vous}}',
      body: 'Bonjour {{first_name}},\n\nJe me permets de vous écrire au sujet de {{company}}.\nVoyez {{link:offre}}.\n\nJulien',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into prospects (campaign_id, user_id, title, first_name, last_name, company_name, email,
      prospecting_status, created_at, updated_at)
    select ${campaign.id}, ${userId}, 'undefined', 'Claire' || i, 'Martin', 'Acme ' || i,
      'prospect' || i || '@recipient.example', 'pending', now(), now()
    from generate_series(1, ${SENDS}) as i`.execute(db);
  await sql`insert into prospect_sequences (prospect_id, campaign_id, next_position)
    select id, campaign_id, 1 from prospects where campaign_id = ${campaign.id}`.execute(db);
  await sql`insert into sends (campaign_id, step_id, prospect_id, email_account_id, message_id, state, due_at)
    select campaign_id, ${step.id}, id, ${accountId}, 'bench.' || id || '@sender.example', 'scheduled', now()
    from prospects where campaign_id = ${campaign.id}`.execute(db);
  const ids = await db
    .selectFrom('sends')
    .select('id')
    .where('campaign_id', '=', campaign.id)
    .orderBy('id')
    .execute();
  return ids.map((r) => Number(r.id));
}

async function run(kind: string, peers: MailPeers) {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const database =
    kind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: URL, schema, poolSize: CONCURRENCY + 2 })
      : await openDatabase({
          kind: 'pglite',
          dataDir: mkdtempSync(join(tmpdir(), 'bench-deliver-')),
        });
  try {
    const secretBox = new SecretBox(randomBytes(32));
    const ids = await prepare(database, secretBox, peers);
    const pools = POOLED ? new SmtpPools({ maxConnections: 4, idleMs: 10_000 }) : undefined;
    const deps: DeliverDeps = {
      ...(pools ? { pools } : {}),
      db: database.db,
      secretBox,
      mailHosts: new MailHostGuard(peersMailHosts(peers)),
      smtp: { timeoutMs: 10_000, ca: peers.ca },
      publicUrl: 'https://app.prospecta.example',
      signer: linkSigner(randomBytes(32)),
      sequence: {
        // What the planner does at least: the prospect's next step moves.
        async advanceSequence(trx, prospectId, at) {
          await trx
            .updateTable('prospect_sequences')
            .set({ next_position: 2, next_due_at: at, updated_at: at })
            .where('prospect_id', '=', prospectId)
            .execute();
        },
      },
      async retryLater() {
        throw new Error('no send should be deferred in the benchmark');
      },
    };
    peers.smtpControl.received.length = 0;
    const durations: number[] = [];
    const outcomes = new Map<string, number>();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (;;) {
          const id = ids[next++];
          if (id === undefined) return;
          const t0 = performance.now();
          const outcome = await deliverSend(deps, id);
          durations.push(performance.now() - t0);
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    durations.sort((a, b) => a - b);
    console.log(
      `${kind}, ${pools ? 'pooled connections' : 'one connection per mail'}: ${ids.length} sends, ${CONCURRENCY} at once: ${(ids.length / seconds).toFixed(0)} mails/s ` +
        `(${seconds.toFixed(1)} s; one send p50 ${percentile(durations, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(durations, 95).toFixed(0)} ms); outcomes ${JSON.stringify(Object.fromEntries(outcomes))}; ` +
        `received ${peers.smtpControl.received.length}; ${machineLoad()}`,
    );
    pools?.close();
  } finally {
    await database.close();
    if (kind === 'postgres') await dropSchema(URL, schema);
  }
}

const peers = await startMailPeers([SENDER]);
try {
  for (const kind of DATABASES) await run(kind, peers);
} finally {
  await peers.close();
}
