import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MailboxWatcher } from '../integrations/mailbox-watch';

/**
 * Reads the connected mailboxes for the prospects' replies every MAIL_WATCH_INTERVAL seconds (0: never), from the
 * moment the server is ready until it closes (integrations/mailbox-watch.ts).
 */
async function mailboxWatch(app: FastifyInstance): Promise<void> {
  const { config, db, secretBox, oauth, log } = app.services;
  const seconds = config.mailWatchIntervalSeconds ?? 0;
  if (seconds <= 0) return;
  // An imported answer changes its prospect: the database gives its owner's lists a new version (http/list-cache.ts).
  const watcher = new MailboxWatcher({ db, secretBox, oauth, log }, { intervalMs: seconds * 1000 });
  app.addHook('onReady', async () => watcher.start());
  app.addHook('onClose', async () => watcher.stop());
}

export default fp(mailboxWatch, { name: 'mailbox-watch', decorators: { fastify: ['services'] } });
