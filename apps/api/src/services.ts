import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/index';
import { ListCache } from './http/list-cache';
import { FailureLimiter } from './http/rate-limit';
import type { Services } from './http/route';
import { liveImapChecker, type ImapChecker } from './integrations/imap';
import { outboxMailer, smtpMailer } from './mail/mailer';
import { BackgroundQueue } from './mail/queue';
import { SecretBox } from './security/secret-box';

/** The services every handler reaches through `ctx.services` (and plugins through `app.services`). */
export function createServices(config: ServerConfig, database: Database, log: FastifyBaseLogger, imapCheck?: ImapChecker): Services {
  return {
    db: database.db,
    config,
    background: new BackgroundQueue(log),
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db, log),
    secretBox: new SecretBox(config.encryptionKey),
    tokens: {
      jwtSecret: config.jwtSecret,
      accessTokenTtl: config.accessTokenTtl,
      refreshTokenTtl: config.refreshTokenTtl,
      issuer: 'prospecta',
    },
    scrypt: config.scrypt,
    loginLimiter: new FailureLimiter(config.loginRateLimit.windowSeconds * 1000),
    resetLimiter: new FailureLimiter(config.loginRateLimit.windowSeconds * 1000),
    imapCheck: imapCheck ?? liveImapChecker(),
    listCache: new ListCache(config.listCache),
    log,
  };
}
