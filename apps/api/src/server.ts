import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { isEmpty, openDatabase, type Database } from './db/index';
import { loadContract, type Contract } from './http/contract';
import type { Principal, Services } from './http/route';
import type { MailChecker } from './integrations/mail-check';
import type { MailboxWatchOptions } from './integrations/mailbox-watch';
import auth from './plugins/auth';
import bodyParsing from './plugins/body-parsing';
import compression from './plugins/compression';
import contractDocs from './plugins/contract-docs';
import contractRoutes from './plugins/contract-routes';
import errorHandler from './plugins/error-handler';
import listCache from './plugins/list-cache';
import mailCatcher from './plugins/mail-catcher';
import jobs from './plugins/jobs';
import mailboxWatch from './plugins/mailbox-watch';
import rateLimits from './plugins/rate-limit';
import securityHeaders from './plugins/security-headers';
import staticApp from './plugins/static-app';
import versionGate from './plugins/version-gate';
import { allRoutes } from './routes/index';
import { seedDemo } from './seed/demo';
import { requestSerializer } from './security/log-redaction';
import { createLimits } from './http/limits';
import { createServices } from './services';

export interface BuildServerOptions {
  config: ServerConfig;
  /** An already opened database (tests); otherwise opened from config.database and closed with the server. */
  database?: Database;
  /** Pino options, or false for no logs. */
  logger?: boolean | Record<string, unknown>;
  /** Replaces the live IMAP + SMTP check (tests). */
  mailCheck?: MailChecker;
  /** The mailbox watch's IMAP options (tests: the mail peers' certificate authority). */
  mailWatchConnection?: MailboxWatchOptions;
  /** The contract, when already loaded (tests build many servers). */
  contract?: Contract;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route (contract routes only: from the operation's `security`; see plugins/auth.ts). */
    auth?: 'public' | 'user' | 'staff';
    skipVersionCheck?: boolean;
    /** Statuses the contract declares for the operation. */
    declaredStatuses?: string[];
    /** Statuses whose error body is the e-mail integration shape `{ detail, message: { state_message } }`. */
    integrationErrorStatuses?: string[];
    /** The operation takes an `application/x-www-form-urlencoded` body (see plugins/body-parsing.ts). */
    formBody?: boolean;
  }
  interface FastifyInstance {
    services: Services;
    contract: Contract;
  }
}

/**
 * The composition root: opens the database, builds the services, seeds the demo data of an empty
 * database, then registers one plugin per concern (see docs/architecture.md, "A request through the server"). Order matters:
 * parsing and the error handler first, then the request hooks (headers, list cache, version gate, auth),
 * then the routes.
 */
/** The live event streams' path (routes/live.ts). */
const LIVE_STREAM_PATH = '/api/v1/live';

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { config } = options;
  const contract = options.contract ?? loadContract(config.contractPath);
  const database = options.database ?? (await openDatabase(config.database));

  const logger = options.logger ?? { level: config.log?.level ?? 'info' };
  const app = Fastify({
    // Request log lines never carry reset codes or tokens (security/log-redaction.ts).
    logger:
      logger === false
        ? false
        : { ...(logger === true ? {} : logger), serializers: { req: requestSerializer } },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request (headers and body) must arrive within REQUEST_TIMEOUT; idle sockets close after it too.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 10_000,
    ajv: { customOptions: { strict: false } },
    routerOptions: { ignoreTrailingSlash: true },
  });

  // The limits are made by @fastify/rate-limit, whose store is in the database: registered before the services.
  await app.register(rateLimits, { db: database.db });
  const limits = createLimits(app.createRateLimit.bind(app), config);
  const services = createServices(
    config,
    database,
    app.log,
    limits,
    options.mailCheck,
    options.mailWatchConnection,
  );
  app.decorate('services', services);
  // Counted from the first hook to the response's close (sent, or its connection lost): the embedded database's long
  // background work waits for the requests in flight between its batches (http/request-activity.ts). A live event
  // stream stays open as long as its tab: it is not a request waiting for an answer, so it is not counted.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.split('?')[0] === LIVE_STREAM_PATH) return done();
    services.requestActivity.started();
    reply.raw.once('close', () => services.requestActivity.ended());
    done();
  });
  app.decorate('contract', contract);
  // Open event streams never end by themselves: they end first, or the server's close would wait for them.
  app.addHook('preClose', async () => services.live.close());
  if (!options.database) app.addHook('onClose', async () => database.close());

  if (config.seedDemo && (await isEmpty(database.db))) {
    const facts = await seedDemo(database.db, {
      scrypt: config.scrypt,
      secretBox: services.secretBox,
    });
    app.log.info(
      { prospects: facts.prospectCount },
      'empty database: demo data seeded (password "prospecta-demo")',
    );
  }

  await app.register(bodyParsing);
  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(compression);
  await app.register(listCache);
  await app.register(versionGate);
  await app.register(auth);
  await app.register(contractRoutes, {
    routes: allRoutes(),
    devOperations: config.environment === 'development' || config.environment === 'ci',
  });
  await app.register(contractDocs);
  await app.register(staticApp);
  await app.register(jobs);
  await app.register(mailboxWatch);
  await app.register(mailCatcher);
  return app;
}
