import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The local mail catcher (mail/catcher.ts; MAIL_CATCHER, development and CI) listens once the server is ready and
 * stops with it: a started server always has it, `app.inject` tests included, and nothing is left listening.
 */
async function mailCatcher(app: FastifyInstance): Promise<void> {
  const catcher = app.services.mailCatcher;
  if (!catcher) return;
  app.addHook('onReady', async () => {
    await catcher.start();
  });
  app.addHook('onClose', async () => {
    await catcher.close();
  });
}

export default fp(mailCatcher, {
  name: 'mail-catcher',
  decorators: { fastify: ['services'] },
});
