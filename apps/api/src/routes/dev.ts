import type { RouteDef } from '../http/route';
import { json } from '../http/route';
import { notFound } from '../http/errors';
import { listOutbox } from '../mail/mailer';

/** Development only: the local outbox (password-reset codes land here when SMTP_URL is unset). */
const listDevOutbox: RouteDef = {
  method: 'GET',
  path: '/api/dev/outbox',
  auth: 'public',
  skipVersionCheck: true,
  async handle(ctx) {
    const { config, db } = ctx.services;
    if (config.environment === 'production' || config.smtpUrl) throw notFound('Outbox');
    return json(200, await listOutbox(db));
  },
};

export const devRoutes: RouteDef[] = [listDevOutbox];
