/**
 * Every job of the server, in one place: its name, its payload's type, its handler, and its policies (retries,
 * expiry, one at a time per key, schedule). Routes and jobs add jobs with `services.jobs.send(name, payload)`;
 * the payload's type is checked against the name.
 */
import type { Services } from '../http/route';
import { runImportStep, type ImportStep } from '../imports/jobs';
import { recoverImports } from '../imports/recover';
import { dueAccounts, readMailbox, type MailboxWatchDeps } from '../integrations/mailbox-watch';
import { DELIVER_EXPIRY_SECONDS, deliverSend, recoverSends } from '../engine/deliver';
import { SmtpPools } from '../engine/transport';
import { sendResetMail } from '../mail/reset-mail';
import { sweepUploads } from '../domain/upload-sweep';
import { planCampaigns, type EnqueueDeliveries } from '../engine/plan';
import {
  deliverWebhook,
  emitCampaignFinished,
  emitWebhookEvent,
  type WebhookJob,
} from '../webhooks/index';
import type { JobContext, JobDefinitions, JobQueue } from './queue';

const DAY = 24 * 3600;

export type AppJobPayloads = {
  /** The password-reset e-mail of an address: a code and its link, when the address has an account. */
  'mail.password-reset': { email: string };
  /**
   * A pass of the mailbox watch (every MAIL_WATCH_INTERVAL seconds): the next pass is added first, then one read
   * per due mailbox.
   */
  'mailbox-watch.pass': Record<string, never>;
  /** One read of one connected mailbox: the prospects' new replies imported as answers. */
  'mailbox-watch.read': { accountId: number };
  /** Every hour: uploaded files no questionnaire or no row names any more leave the disk (domain/upload-sweep.ts). */
  'uploads.sweep': Record<string, never>;
  /** An uploaded file of prospects read: its shape, columns, first rows, row count and proposed mapping. */
  'imports.analyse': { importId: number };
  /** Every row of an import checked, nothing written to the prospects. */
  'imports.validate': { importId: number };
  /** A validated import's rows stored as prospects, batch by batch; or a cancelled commit's prospects removed. */
  'imports.commit': { importId: number };
  /**
   * Every minute: imports left running with no job (its last attempt expired, its instance died) taken up again or
   * failed with the reason (imports/recover.ts).
   */
  'imports.recover': Record<string, never>;
  /**
   * The sending engine's planner (engine/plan.ts): every minute, and at once after a launch or a resume, one pass
   * over the launched campaigns: sequences made, campaigns started and completed, due LinkedIn steps turned into
   * tasks, due e-mail steps planned as sends and handed to `sends.deliver`.
   */
  'campaigns.plan': Record<string, never>;
  // ── The sending engine's deliverer (engine/deliver.ts) ──
  /**
   * One planned e-mail handed to its mailbox's SMTP server (added by the planner at the send's due time, and by the
   * deliverer itself for the next attempt of a deferred send).
   */
  'sends.deliver': { sendId: number };
  /** Every minute: sends left `sending` by an instance that stopped become `unknown` (never sent again). */
  'sends.recover': Record<string, never>;
  /** One event POSTed to one customer's webhook, signed; every attempt logged (webhooks/index.ts). */
  'webhooks.deliver': WebhookJob;
};

/** The job of each step of an import. */
export const IMPORT_JOBS = {
  analysing: 'imports.analyse',
  validating: 'imports.validate',
  committing: 'imports.commit',
} as const satisfies Record<ImportStep, keyof AppJobPayloads>;

/** Attempts after the first one of an import's step (a database hiccup); a refused file is never retried. */
const IMPORT_RETRIES = 2;

export type AppJobQueue = JobQueue<AppJobPayloads>;

export function appJobs(services: Services): JobDefinitions<AppJobPayloads> {
  const interval = services.config.mailWatchIntervalSeconds ?? 0;
  return {
    'mail.password-reset': {
      // About 5 s, 10 s, 20 s… up to 10 minutes between attempts: about 20 minutes in all, well within the
      // code's lifetime. Each attempt that reaches the account makes a new code (the previous ones stay valid).
      retry: { limit: 6, delaySeconds: 5, backoff: true, maxDelaySeconds: 600 },
      expireInSeconds: 300,
      heartbeatSeconds: 30,
      // The payload is an address: kept a day, for the logs' and the retries' sake.
      keepSeconds: DAY,
      concurrency: 2,
      handler: ({ email }) => sendResetMail(services, email),
    },
    'mailbox-watch.pass': {
      // One waiting and one running at most: every instance, the minute schedule and the running pass may all add
      // the next pass; only one is kept.
      policy: 'stately',
      enabled: interval > 0,
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      expireInSeconds: 120,
      keepSeconds: 3600,
      // The next pass is due one interval after this one started: looked for at that pace.
      pollIntervalSeconds: Math.min(
        Math.max(interval, 0.5),
        services.config.jobs.pollIntervalSeconds,
      ),
      // Should the chain of passes ever break (every instance stopped in the middle of one), a new one starts
      // within the minute.
      ...(interval > 0 ? { schedule: { cron: '* * * * *', payload: {} } } : {}),
      async handler() {
        await services.jobs.send('mailbox-watch.pass', {}, { startAfterSeconds: interval });
        for (const account of await dueAccounts(services.db, services.oauth, {
          intervalSeconds: interval,
        }))
          await services.jobs.send('mailbox-watch.read', { accountId: account.id });
      },
    },
    'uploads.sweep': {
      policy: 'stately',
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      expireInSeconds: 600,
      keepSeconds: DAY,
      schedule: { cron: '17 * * * *', payload: {} },
      async handler() {
        const swept = await sweepUploads(services.repos.onboarding, services.config.uploads.dir);
        if (swept.unnamed || swept.orphans) services.log.info(swept, 'uploads swept');
      },
    },
    'mailbox-watch.read': {
      // Never two reads of one mailbox at once, on any instance: a read is refused while another waits or runs.
      policy: 'exclusive',
      enabled: interval > 0,
      singletonKey: ({ accountId }) => String(accountId),
      // A failed read is recorded on the account (its reason shown, a longer wait before the next pass reads it).
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      expireInSeconds: 600,
      // A read whose instance died is taken over within a minute.
      heartbeatSeconds: 30,
      keepSeconds: 3600,
      // Up to 4 mailboxes read at once per instance: a slow server holds up only its own account.
      concurrency: 4,
      async handler({ accountId }) {
        await readMailbox(mailboxWatchDeps(services), accountId, services.mailWatchConnection);
      },
    },
    'imports.recover': {
      // One waiting and one running at most, whatever the number of instances adding it on schedule.
      policy: 'stately',
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      expireInSeconds: 120,
      keepSeconds: 3600,
      schedule: { cron: '* * * * *', payload: {} },
      async handler() {
        const recovered = await recoverImports(services);
        if (recovered.resumed.length || recovered.failed.length)
          services.log.warn(recovered, 'stuck imports taken up again or failed');
      },
    },
    'campaigns.plan': {
      enabled: services.config.sendingEngine === true,
      // One pass waiting and one running at most, across instances: the minute schedule of every instance and the
      // launches add it; the sends' unique (prospect, step) and the locked rows guard the rest.
      policy: 'stately',
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      // A 100,000-prospect campaign's first pass takes seconds; a stalled pass is taken over by the next one.
      expireInSeconds: 600,
      heartbeatSeconds: 30,
      keepSeconds: 3600,
      ...(services.config.sendingEngine ? { schedule: { cron: '* * * * *', payload: {} } } : {}),
      // Tests' shortened days (SENDING_TEST_DAY): a pass every second, each adding the next one.
      ...(services.config.sendingTestDay ? { pollIntervalSeconds: 0.5 } : {}),
      async handler() {
        const test = services.config.sendingTestDay;
        if (test) await services.jobs.send('campaigns.plan', {}, { startAfterSeconds: 1 });
        const report = await planCampaigns(services.db, {
          enqueue: deliveryJobs(services),
          ...(test ? { test } : {}),
        });
        if (report.sends || report.tasks || report.started.length || report.completed.length)
          services.log.info(report, 'campaigns planned');
        for (const campaignId of report.completed) await emitCampaignFinished(services, campaignId);
      },
    },
    'webhooks.deliver': {
      // About 10 s, 20 s, 40 s… up to an hour between attempts (decision 0060's backoff): 8 retries, about 3 hours
      // in all, for a receiver that is down for a while.
      retry: {
        limit: 8,
        delaySeconds: services.config.webhookRetryDelaySeconds ?? 10,
        backoff: true,
        maxDelaySeconds: 3600,
      },
      // An attempt waits 10 s for its answer at most.
      expireInSeconds: 60,
      keepSeconds: 7 * DAY,
      concurrency: 4,
      handler: (job, context) => deliverWebhook(services, job, context),
    },
    ...importJobs(services),
    ...sendJobs(services),
  };
}

/** What the mailbox watch's reads (these jobs, and the IDLE connections) work with. */
export function mailboxWatchDeps(services: Services): MailboxWatchDeps {
  const { db, secretBox, mailHosts, oauth, log } = services;
  return {
    db,
    secretBox,
    mailHosts,
    oauth,
    log,
    onReply: (userId, data) => emitWebhookEvent(services, userId, 'reply.received', data),
  };
}

/** The sending engine's deliverer: one job per send, and the recovery of the sends whose instance stopped. */
function sendJobs(
  services: Services,
): Pick<JobDefinitions<AppJobPayloads>, 'sends.deliver' | 'sends.recover'> {
  const planner = services.sequencePlanner;
  // Each mailbox's SMTP connections stay open between its sends on this instance (closed after 30 s unused).
  const pools = new SmtpPools();
  return {
    'sends.deliver': {
      // One waiting and one running per send: a deferred attempt adds its next one while it still runs.
      policy: 'stately',
      singletonKey: ({ sendId }) => String(sendId),
      enabled: planner !== null,
      // Retries are the send's own states (deferred, with its backoff): a failed job is never run again, and a send
      // left `sending` by it is recovered as unknown, never sent twice.
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      expireInSeconds: DELIVER_EXPIRY_SECONDS,
      heartbeatSeconds: 30,
      keepSeconds: DAY,
      // Sends wait on distant servers: several at once per instance, in two batches of 4 fetched apart, so that a slow
      // send holds up 3 others at most, not 7 (decision 0230).
      concurrency: 8,
      workers: 2,
      async handler({ sendId }) {
        if (!planner) return;
        const { db, secretBox, mailHosts, oauth, config, linkSigner, log, jobs } = services;
        await deliverSend(
          {
            db,
            secretBox,
            mailHosts,
            oauth,
            pools,
            catcher: services.mailCatcher,
            ...(config.sendingTestDay ? { test: config.sendingTestDay } : {}),
            publicUrl: config.publicUrl,
            signer: linkSigner,
            sequence: planner,
            log,
            async retryLater(trx, id, afterSeconds) {
              await jobs.send(
                'sends.deliver',
                { sendId: id },
                { db: trx, startAfterSeconds: afterSeconds },
              );
            },
          },
          sendId,
        );
      },
    },
    'sends.recover': {
      policy: 'stately',
      enabled: planner !== null,
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      expireInSeconds: 120,
      keepSeconds: 3600,
      schedule: { cron: '* * * * *', payload: {} },
      async handler() {
        if (!planner) return;
        const recovered = await recoverSends({ db: services.db, sequence: planner });
        if (recovered) services.log.warn({ recovered }, 'sends left sending are now unknown');
      },
    },
  };
}

/** The planner's hand-over: one `sends.deliver` job per send, due at its time, added in the plan's transaction. */
export function deliveryJobs(services: Services): EnqueueDeliveries {
  return async (trx, sends) => {
    for (const send of sends) {
      const wait = Math.ceil((send.dueAt.getTime() - Date.now()) / 1000);
      await services.jobs.send(
        'sends.deliver',
        { sendId: send.id },
        { db: trx, ...(wait > 0 ? { startAfterSeconds: wait } : {}) },
      );
    }
  };
}

function importJobs(
  services: Services,
): Pick<JobDefinitions<AppJobPayloads>, (typeof IMPORT_JOBS)[ImportStep]> {
  const step = (name: ImportStep) => ({
    // One job per import and step at a time, on every instance; the import's state guards the rest.
    policy: 'exclusive' as const,
    singletonKey: ({ importId }: { importId: number }) => String(importId),
    retry: { limit: IMPORT_RETRIES, delaySeconds: 5, backoff: true, maxDelaySeconds: 60 },
    // 100,000 rows take well under a minute; a stalled attempt is taken over once its heartbeat stops.
    expireInSeconds: 900,
    heartbeatSeconds: 30,
    keepSeconds: 7 * DAY,
    concurrency: 1,
    handler: ({ importId }: { importId: number }, context: JobContext) =>
      runImportStep(services, importId, name, {
        lastAttempt: context.attempt >= IMPORT_RETRIES,
        signal: context.signal,
      }),
  });
  return {
    'imports.analyse': step('analysing'),
    'imports.validate': step('validating'),
    'imports.commit': step('committing'),
  };
}
