/**
 * What the engine's fault tests share (engine-two-instances.test.ts, engine-kill.test.ts): a campaign written straight
 * into the database, server instances with the sending engine as processes of their own
 * (fixtures/engine-instance.ts), an instance in this process that adds jobs and runs none (`JOBS_WORKER=false`), and
 * what the SMTP peer received, by Message-ID and by recipient.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../src/db/index';
import { SecretBox } from '../src/security/secret-box';
import { buildServer } from '../src/server';
import { alwaysOpenWindow, API_ROOT, contract, TEST_JOB_SETTINGS, testConfig } from './helpers';
import { peersMailHosts, type MailPeers, type MailUser } from './peers/mail-peers';

/** The secrets every instance of one test shares (the mailboxes' passwords are encrypted with the key). */
export interface Secrets {
  encryptionKey: Buffer;
  jwtSecret: string;
}

export const newSecrets = (): Secrets => ({
  encryptionKey: randomBytes(32),
  jwtSecret: randomBytes(32).toString('hex'),
});

export interface CampaignSpec {
  prospects: number;
  /** Subjects of its e-mail steps, each due as soon as the one before went (delay 0). */
  steps: string[];
  senders: MailUser[];
}

/**
 * A campaign that runs from now on: its window open whenever the test runs, no spacing between two sends, caps above
 * its sends.
 */
export async function seedCampaign(
  db: Db,
  peers: MailPeers,
  secrets: Secrets,
  spec: CampaignSpec,
): Promise<{ campaignId: number; stepIds: number[] }> {
  const now = new Date();
  const user = await db
    .insertInto('users')
    .values({
      email: `engine.${randomBytes(4).toString('hex')}@example.com`,
      password_hash: 'not-a-hash',
      first_name: 'Engine',
      last_name: 'Faults',
      flags: JSON.stringify([]),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const campaign = await db
    .insertInto('campaigns')
    .values({
      user_id: user.id,
      name: 'Faults',
      status: 'running',
      is_active: true,
      language: 'fr',
      ...alwaysOpenWindow(),
      daily_cap: spec.prospects * spec.steps.length,
      spacing_min_seconds: 0,
      spacing_max_seconds: 0,
      track_opens: false,
      track_clicks: false,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stepIds: number[] = [];
  for (const [i, subject] of spec.steps.entries()) {
    const step = await db
      .insertInto('campaign_steps')
      .values({
        campaign_id: campaign.id,
        position: i + 1,
        name: `Step ${i + 1}`,
        workflow_step_type: 'email',
        subject,
        body: 'Bonjour {{first_name}},\nUn mot de notre part.',
        delay_days: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stepIds.push(step.id);
  }
  const box = new SecretBox(secrets.encryptionKey);
  for (const sender of spec.senders) {
    const account = await db
      .insertInto('email_accounts')
      .values({
        user_id: user.id,
        name: sender.user,
        email: sender.user,
        account_type: 'SMTP',
        is_valid: true,
        smtp_host: '127.0.0.1',
        smtp_port: peers.smtp.starttls,
        smtp_secure: false,
        imap_host: '127.0.0.1',
        imap_port: peers.imap.starttls,
        imap_secure: false,
        created_on: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('email_accounts')
      .set({ password_enc: box.encrypt(sender.password, `email_account:${account.id}`) })
      .where('id', '=', account.id)
      .execute();
    await db
      .insertInto('campaign_mailboxes')
      .values({ campaign_id: campaign.id, email_account_id: account.id })
      .execute();
  }
  for (let i = 0; i < spec.prospects; i += 500)
    await db
      .insertInto('prospects')
      .values(
        Array.from({ length: Math.min(500, spec.prospects - i) }, (_, k) => ({
          campaign_id: campaign.id,
          user_id: user.id,
          title: 'undefined',
          first_name: `P${i + k}`,
          last_name: 'Faults',
          company_name: 'Acme',
          email: `p${i + k}@recipients.example`,
          prospecting_status: 'pending',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  return { campaignId: campaign.id, stepIds };
}

/**
 * An instance in this process that runs no jobs (`JOBS_WORKER=false`), on an opened database: it adds the jobs a
 * test asks for (a plan pass, a recovery), as a launch or a schedule would; the processes run them.
 */
export async function jobsOnlyInstance(
  database: Database,
  secrets: Secrets,
): Promise<FastifyInstance> {
  const app = await buildServer({
    config: testConfig({
      sendingEngine: true,
      encryptionKey: secrets.encryptionKey,
      jobs: { ...TEST_JOB_SETTINGS, worker: false },
    }),
    database,
    logger: false,
    contract: contract(),
  });
  await app.ready();
  return app;
}

export interface Instance {
  child: ChildProcess;
  /** Everything it printed (stdout and stderr), for the failure messages. */
  output(): string;
  /** SIGTERM, then the number of send outcomes it recorded (its last line). */
  stop(): Promise<number>;
  /** SIGKILL: no chance to finish anything. */
  kill(): Promise<void>;
}

/** Where an instance's database is: the test's PostgreSQL schema, or an embedded data directory. */
export type InstanceDatabase = { url: string; schema: string } | { dataDir: string };

/** A server process with the sending engine on this database, sending to the peers; resolves once it listens. */
export async function startInstance(
  where: InstanceDatabase,
  peers: MailPeers,
  secrets: Secrets,
): Promise<Instance> {
  const hosts = peersMailHosts(peers);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ENV: 'ci',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    SENDING_ENGINE: 'true',
    // Campaign mails go to the mailboxes' own servers (the SMTP peer), not to the local catcher.
    MAIL_CATCHER: 'false',
    MAIL_WATCH_INTERVAL: '0',
    MAIL_HOST_ALLOWLIST: hosts.allow.join(','),
    MAIL_PORTS: hosts.extraPorts.join(','),
    // The peer's self-signed certificate, trusted as a company CA would be.
    NODE_EXTRA_CA_CERTS: peers.caFile,
    ENCRYPTION_KEY: secrets.encryptionKey.toString('hex'),
    JWT_SECRET: secrets.jwtSecret,
    JOBS_SHUTDOWN_TIMEOUT: '20s',
  };
  delete env.DATABASE_URL;
  if ('dataDir' in where) env.DATA_DIR = where.dataDir;
  else {
    env.ENGINE_DATABASE_URL = where.url;
    env.ENGINE_SCHEMA = where.schema;
  }
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(API_ROOT, 'test', 'fixtures', 'engine-instance.ts')],
    { cwd: API_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (/^ready$/m.test(output)) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    void exited.then(() =>
      reject(new Error(`the instance exited before it was ready:\n${output}`)),
    );
  });
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      const n = /^recorded (\d+)$/m.exec(output)?.[1];
      if (n === undefined) throw new Error(`the instance did not stop cleanly:\n${output}`);
      return Number(n);
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Resolves once `condition` holds; fails with `what` (and the instances' output) after `timeoutMs`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string | (() => string),
  timeoutMs: number,
  instances: Instance[] = [],
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(
        `${typeof what === 'string' ? what : what()}: not within ${timeoutMs} ms\n${instances.map((i) => i.output()).join('\n')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A received mail's Message-ID (without the angle brackets) and its envelope recipient. */
export function receivedByMessageId(peers: MailPeers): {
  byMessageId: Map<string, number>;
  byRecipient: Map<string, number>;
} {
  const byMessageId = new Map<string, number>();
  const byRecipient = new Map<string, number>();
  for (const mail of peers.smtpControl.received) {
    const id = /^Message-ID:\s*<([^>]+)>/im.exec(mail.raw)?.[1] ?? '(none)';
    byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
    for (const to of mail.rcptTo) byRecipient.set(to, (byRecipient.get(to) ?? 0) + 1);
  }
  return { byMessageId, byRecipient };
}

/** The campaign's sends by state. */
export async function sendStates(db: Db, campaignId: number): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('sends')
    .select(['state', db.fn.countAll<string>().as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('state')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}
