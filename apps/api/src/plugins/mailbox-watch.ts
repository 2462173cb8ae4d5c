import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MailboxIdleWatch } from '../integrations/mailbox-idle';
import { mailboxWatchDeps } from '../jobs/registry';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's IMAP IDLE connections to the watched mailboxes; null when the watch or IDLE is off. */
    mailboxIdle: MailboxIdleWatch | null;
  }
}

/**
 * The mailbox watch (integrations/mailbox-watch.ts) runs as jobs (jobs/registry.ts): a pass every
 * MAIL_WATCH_INTERVAL seconds (0: never) adds one read per due mailbox and the next pass. A worker instance starts
 * the chain of passes once it is ready; when one is already waiting (another instance, an earlier run), the
 * queue keeps that one.
 *
 * Beside the passes, a worker instance keeps IMAP IDLE connections to up to MAIL_IDLE_CONNECTIONS mailboxes whose
 * lease it holds (integrations/mailbox-idle.ts): their replies are imported as they arrive. They open once the server
 * is ready and close, their leases released, when it stops (before the job queue and the database).
 */
async function mailboxWatch(app: FastifyInstance): Promise<void> {
  const { config, jobs } = app.services;
  const on = config.jobs.worker && (config.mailWatchIntervalSeconds ?? 0) > 0;
  const idle =
    on && config.mailIdle && config.mailIdle.maxConnections > 0
      ? new MailboxIdleWatch(mailboxWatchDeps(app.services), config.mailIdle, {
          // The IDLE is restarted every 4 minutes (RFC 2177: under 29), which keeps the connection from looking
          // quiet; one quiet for 5 minutes is probed (NOOP) and closed if the server does not answer.
          socketTimeoutMs: 5 * 60_000,
          maxIdleTimeMs: 4 * 60_000,
          ...app.services.mailWatchConnection,
        })
      : null;
  app.decorate('mailboxIdle', idle);
  if (!on) return;
  app.addHook('onReady', async () => {
    await jobs.send('mailbox-watch.pass', {});
    idle?.start();
  });
  if (idle) app.addHook('onClose', async () => idle.stop());
}

export default fp(mailboxWatch, {
  name: 'mailbox-watch',
  dependencies: ['jobs'],
  decorators: { fastify: ['services'] },
});
