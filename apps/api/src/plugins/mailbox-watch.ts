import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The mailbox watch (integrations/mailbox-watch.ts) runs as jobs (jobs/registry.ts): a pass every
 * MAIL_WATCH_INTERVAL seconds (0: never) adds one read per due mailbox and the next pass. A worker instance starts
 * the chain of passes once it is ready; when one is already waiting (another instance, an earlier run), the
 * queue keeps that one.
 */
async function mailboxWatch(app: FastifyInstance): Promise<void> {
  const { config, jobs } = app.services;
  if (!config.jobs.worker || (config.mailWatchIntervalSeconds ?? 0) <= 0) return;
  app.addHook('onReady', async () => {
    await jobs.send('mailbox-watch.pass', {});
  });
}

export default fp(mailboxWatch, {
  name: 'mailbox-watch',
  dependencies: ['jobs'],
  decorators: { fastify: ['services'] },
});
