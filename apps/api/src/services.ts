import { advanceSequence } from './engine/plan';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/index';
import { ListCache } from './http/list-cache';
import { LiveHub, pgliteNotifications, postgresNotifications } from './http/live';
import { RequestActivity } from './http/request-activity';
import { UnreadCounts } from './http/unread-counts';
import type { Limits } from './http/limits';
import type { Services } from './http/route';
import { liveMailChecker, type MailChecker } from './integrations/mail-check';
import type { MailboxWatchOptions } from './integrations/mailbox-watch';
import { MailHostGuard } from './integrations/mail-hosts';
import { OAuthClients } from './integrations/oauth';
import { linkSigner } from './engine/links';
import { MailCatcher } from './mail/catcher';
import { catcherMailer, outboxMailer, smtpMailer } from './mail/mailer';
import { JobQueue } from './jobs/queue';
import type { AppJobPayloads } from './jobs/registry';
import { AccountBackoff } from './security/login-guard';
import { SecretBox } from './security/secret-box';
import { SessionCheck } from './security/sessions';
import { importBatchRows } from './imports/jobs';
import { createRepositories } from './repositories/index';

/** The services every handler reaches through `ctx.services` (and plugins through `app.services`). */
export function createServices(
  config: ServerConfig,
  database: Database,
  log: FastifyBaseLogger,
  limits: Limits,
  mailCheck?: MailChecker,
  mailWatchConnection: MailboxWatchOptions = {},
): Services {
  // Started by buildServer before the routes, closed with the server (plugins/mail-catcher.ts).
  const mailCatcher = config.mailCatcher
    ? new MailCatcher(database.db, config.mailCatcher, log)
    : null;
  return {
    db: database.db,
    repos: createRepositories(database.db),
    config,
    jobs: new JobQueue<AppJobPayloads>(database, config.jobs, log),
    // SMTP_URL wins; without it, the catcher when on, else the outbox table.
    mailer: config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : mailCatcher
        ? catcherMailer(mailCatcher, config.mailFrom)
        : outboxMailer(database.db, log),
    mailCatcher,
    secretBox: new SecretBox(config.encryptionKey),
    tokens: {
      jwtSecret: config.jwtSecret,
      accessTokenTtl: config.accessTokenTtl,
      refreshTokenTtl: config.refreshTokenTtl,
      issuer: 'prospecta',
    },
    scrypt: config.scrypt,
    limits,
    accountBackoff: new AccountBackoff(
      database.db,
      config.loginRateLimit.perAccount,
      config.loginRateLimit.windowSeconds * 1000,
    ),
    mailCheck: mailCheck ?? liveMailChecker(),
    mailHosts: new MailHostGuard(config.mailHosts),
    mailWatchConnection,
    sessions: new SessionCheck(database.db),
    oauth: new OAuthClients(config.oauth),
    listCache: new ListCache(database.db, config.listCache, {
      chunkRows: database.kind === 'pglite' ? 1000 : null,
    }),
    unreadCounts: new UnreadCounts(database.db),
    live: new LiveHub(database.db, notificationsOf(database, log), log, config.live),
    log,
    linkSigner: linkSigner(config.jwtSecret),
    // The deliverer's jobs run where the sending engine does (SENDING_ENGINE).
    sequencePlanner: config.sendingEngine
      ? {
          advanceSequence: (trx, prospectId, at) =>
            advanceSequence(trx, prospectId, at, config.sendingTestDay),
        }
      : null,
    importBatchRows: importBatchRows(database.kind),
    requestActivity: new RequestActivity(database.kind === 'pglite'),
  };
}

/** Where this process's live notifications come from: its own listening connection (http/live.ts). */
function notificationsOf(database: Database, log: FastifyBaseLogger) {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('the embedded database does not expose its connection');
    return pgliteNotifications(database.db, database.pglite);
  }
  if (!database.postgres) throw new Error('the PostgreSQL database does not say how to reach it');
  return postgresNotifications(database.postgres.url, log);
}
