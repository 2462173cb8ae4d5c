import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServerConfig } from './config';
import { isEmpty, openDatabase, type Database } from './db/index';
import { describeErrors, loadContract, type Contract, type ContractOperation } from './http/contract';
import { HttpError, badRequest, forbidden, unauthorized } from './http/errors';
import { compareVersions, FailureLimiter } from './http/rate-limit';
import type { HandlerResult, Principal, RouteDef, Services } from './http/route';
import { liveImapChecker, type ImapChecker } from './integrations/imap';
import { ListCache } from './http/list-cache';
import { outboxMailer, smtpMailer } from './mail/mailer';
import { allRoutes } from './routes/index';
import { seedDemo } from './seed/demo';
import { SecretBox } from './security/secret-box';
import { readAccessToken } from './security/tokens';

export interface BuildServerOptions {
  config: ServerConfig;
  /** An already opened database (tests); otherwise opened from config.database and closed with the server. */
  database?: Database;
  /** Pino options, or false for no logs. */
  logger?: boolean | Record<string, unknown>;
  /** Replaces the live IMAP credential check (tests). */
  imapCheck?: ImapChecker;
  /** The contract, when already loaded (tests build many servers). */
  contract?: Contract;
}

export const MULTIPART_FILE_LIMIT = 15 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    skipVersionCheck?: boolean;
    /** Statuses the contract declares for the operation. */
    declaredStatuses?: string[];
    /** Statuses whose error body is the e-mail integration shape `{ detail, message: { state_message } }`. */
    integrationErrorStatuses?: string[];
  }
  interface FastifyInstance {
    services: Services;
    contract: Contract;
  }
}

const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
const paramNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
const toFastifyPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

function routeSchema(op: ContractOperation, contract: Contract, multipart: boolean) {
  const schema: Record<string, unknown> = {};
  const path = op.parameters.filter((p) => p.in === 'path');
  const query = op.parameters.filter((p) => p.in === 'query');
  if (path.length) {
    schema.params = {
      type: 'object',
      properties: Object.fromEntries(path.map((p) => [p.name, contract.toValidatorSchema(p.schema)])),
      required: path.map((p) => p.name),
    };
  }
  schema.querystring = {
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, contract.toValidatorSchema(p.schema)])),
    required: query.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
  const jsonBody = op.requestBody?.content['application/json']?.schema;
  if (jsonBody !== undefined && !multipart) {
    // Unknown properties are rejected, never silently dropped.
    schema.body = { allOf: [contract.toValidatorSchema(jsonBody)], unevaluatedProperties: false };
  }
  return schema;
}

/** Error statuses of an operation whose declared body is IntegrationError. */
function integrationErrorStatuses(op: ContractOperation, contract: Contract): string[] {
  const document = contract.document as { components?: { responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> } };
  const operations = (contract.document.paths as Record<string, Record<string, { responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> }> }>>)[op.path]?.[op.method];
  const statuses: string[] = [];
  for (const [status, raw] of Object.entries(operations?.responses ?? {})) {
    const response = raw.$ref ? document.components?.responses?.[raw.$ref.split('/').pop() ?? ''] : raw;
    const ref = response?.content?.['application/json']?.schema?.$ref ?? '';
    if (ref.endsWith('/IntegrationError')) statuses.push(status);
  }
  return statuses;
}

/** Gives a plain `{ detail }` error the integration shape where the operation declares it. */
function shapeError(body: Record<string, unknown>, status: number, integrationStatuses: string[] | undefined): Record<string, unknown> {
  if (integrationStatuses?.includes(String(status)) && !('message' in body)) {
    return { detail: body.detail, message: { state_message: 'unexpected_error' } };
  }
  return body;
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v));
  return false;
}

function validationWhere(context: string | undefined): string {
  if (context === 'querystring') return 'query';
  if (context === 'params') return 'path';
  return context ?? 'request';
}

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { config } = options;
  const contract = options.contract ?? loadContract(config.contractPath);
  const database = options.database ?? (await openDatabase(config.database));
  const ownsDatabase = !options.database;

  const app = Fastify({
    logger: options.logger ?? { level: process.env.LOG_LEVEL || 'info' },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { strict: false } },
    routerOptions: { ignoreTrailingSlash: true },
  });

  const services: Services = {
    db: database.db,
    config,
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db, app.log),
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
    imapCheck: options.imapCheck ?? liveImapChecker(),
    listCache: new ListCache(config.listCache),
    log: app.log,
  };
  app.decorate('services', services);
  app.decorate('contract', contract);
  app.decorateRequest('principal', null);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());

  if (config.seedDemo && (await isEmpty(database.db))) {
    const facts = await seedDemo(database.db, { scrypt: config.scrypt, secretBox: services.secretBox });
    app.log.info({ prospects: facts.prospectCount }, 'empty database: demo data seeded (password "prospecta-demo")');
  }

  // ── parsing and validation ──
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(badRequest('The request body is not valid JSON.'), undefined);
    }
    // PostgreSQL text cannot hold NUL characters: refuse them up front.
    if (text.includes('\\u0000') && containsNul(parsed)) {
      return done(badRequest('Text values must not contain NUL characters.'), undefined);
    }
    done(null, parsed);
  });
  app.addHook('preValidation', async (req) => {
    const query = req.query as Record<string, unknown> | undefined;
    if (query && containsNul(query)) throw badRequest('Query parameters must not contain NUL characters.');
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MULTIPART_FILE_LIMIT, files: 20, fields: 10, fieldSize: 1024 * 1024, parts: 40 },
  });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? contract.ajv : contract.paramsAjv;
    return ajv.compile(schema as object);
  });
  // Responses are plain JSON; they are checked against the contract below, not reshaped by a serializer.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string; validation?: unknown; validationContext?: string }, req, reply) => {
    if (error instanceof HttpError) {
      const body = shapeError(error.body ?? { detail: error.detail }, error.statusCode, req.routeOptions.config?.integrationErrorStatuses);
      return reply.code(error.statusCode).headers(error.headers ?? {}).send(body);
    }
    if (error.validation) {
      const where = validationWhere(error.validationContext);
      const detail = describeErrors(error.validation as never, where);
      // A malformed id in the path names no resource: 404 where the operation declares no 400.
      const declared = req.routeOptions.config?.declaredStatuses ?? [];
      if (where === 'path' && !declared.includes('400') && declared.includes('404')) {
        return reply.code(404).send({ detail: `Not found: ${detail}` });
      }
      return reply.code(400).send(shapeError({ detail }, 400, req.routeOptions.config?.integrationErrorStatuses));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const detail = `Unsupported content type "${req.headers['content-type'] ?? ''}".`;
      return reply.code(400).send(shapeError({ detail }, 400, req.routeOptions.config?.integrationErrorStatuses));
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ detail: 'Some files exceed the 15MB size limit.' });
    }
    if (error.code === 'FST_FILES_LIMIT' || error.code === 'FST_PARTS_LIMIT' || error.code === 'FST_FIELDS_LIMIT') {
      return reply.code(413).send({ detail: 'Too many files or form fields in one submission.' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // JSON bodies are small by contract: an oversized one does not match it.
      return reply.code(400).send(shapeError({ detail: 'The request body is too large (limit 1 MB).' }, 400, req.routeOptions.config?.integrationErrorStatuses));
    }
    if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return reply.code(400).send({ detail: 'This call expects a multipart/form-data body.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(shapeError({ detail: error.message || 'Bad request.' }, status, req.routeOptions.config?.integrationErrorStatuses));
    }
    req.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ detail: 'An unexpected error occurred.' });
  });

  // ── baseline security headers; API answers (tokens, personal data) are never cached ──
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  // ── writes invalidate the list cache, when they start and when they end ──
  const isWrite = (req: FastifyRequest) => req.method !== 'GET' && req.method !== 'HEAD' && req.url.startsWith('/api/');
  app.addHook('onRequest', async (req) => {
    if (isWrite(req)) services.listCache.bump();
  });
  app.addHook('onResponse', async (req) => {
    if (isWrite(req)) services.listCache.bump();
  });

  // ── X-App-Version gate: missing or older than the minimum → 418 (the client reloads) ──
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') || req.routeOptions.config?.skipVersionCheck) return;
    const version = req.headers['x-app-version'];
    const value = Array.isArray(version) ? version[0] : version;
    const cmp = value ? compareVersions(value.trim(), config.minAppVersion) : null;
    if (cmp === null || cmp < 0) {
      throw new HttpError(418, `This app version is out of date (minimum ${config.minAppVersion}); reload the page.`);
    }
  });

  // ── the contract's operations ──
  const defs = new Map<string, RouteDef>();
  for (const def of allRoutes()) defs.set(routeKey(def.method, def.path), def);
  const served = new Set<string>();

  for (const op of contract.operations) {
    const key = routeKey(op.method, op.path);
    const def = defs.get(key);
    if (!def) {
      app.log.warn({ operation: op.operationId }, 'contract operation without a handler: answering 501');
      app.route({
        method: op.method.toUpperCase() as 'GET',
        url: toFastifyPath(op.path),
        handler: async (_req, reply) => reply.code(501).send({ detail: `${op.operationId} is not implemented by this server.` }),
      });
      continue;
    }
    served.add(key);
    const contractNames = paramNames(op.path);
    const handlerNames = paramNames(def.path);
    const multipart = def.multipart === true;
    const integrationStatuses = integrationErrorStatuses(op, contract);

    app.route({
      method: def.method,
      url: toFastifyPath(op.path),
      schema: routeSchema(op, contract, multipart),
      config: {
        skipVersionCheck: def.skipVersionCheck === true,
        declaredStatuses: Object.keys(op.responses),
        integrationErrorStatuses: integrationStatuses,
      },
      onRequest: async (req) => {
        if (def.auth === 'public') return;
        const token = bearer(req);
        const claims = token ? await readAccessToken(services.tokens, token) : null;
        const user = claims ? await services.db.selectFrom('users').selectAll().where('id', '=', claims.userId).executeTakeFirst() : undefined;
        if (!user) throw unauthorized();
        req.principal = { user, id: user.id, isStaff: user.is_staff };
        if (def.auth === 'staff' && !user.is_staff) throw forbidden('Only staff members can do this.');
      },
      preValidation: async (req) => {
        if (multipart) {
          if (!req.isMultipart()) throw badRequest('This call expects a multipart/form-data body.');
          return;
        }
        if (op.requestBody?.required && req.body === undefined) {
          throw badRequest('A JSON request body is required.');
        }
      },
      handler: async (req, reply) => {
        const raw = (req.params ?? {}) as Record<string, string | number>;
        const params: Record<string, string | number> = {};
        contractNames.forEach((name, index) => {
          const target = handlerNames[index];
          const value = raw[name];
          if (target !== undefined && value !== undefined) params[target] = value;
        });
        let result: HandlerResult;
        try {
          result = await def.handle({
            req,
            reply,
            params,
            query: (req.query ?? {}) as Record<string, unknown>,
            body: req.body,
            principal: req.principal,
            services,
            op,
          });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          result = {
            status: error.statusCode,
            body: shapeError(error.body ?? { detail: error.detail }, error.statusCode, integrationStatuses),
            headers: error.headers ?? {},
          };
        }
        return send(reply, op, result);
      },
    });
  }
  for (const [key, def] of defs) {
    if (!served.has(key)) app.log.warn({ route: `${def.method} ${def.path}` }, 'handler without a contract operation: not served');
  }

  function send(reply: FastifyReply, op: ContractOperation, result: HandlerResult) {
    reply.code(result.status);
    if (result.headers) reply.headers(result.headers);
    if ('binary' in result) return reply.type(result.contentType).send(result.binary);
    if ('jsonText' in result) {
      // Pre-serialized JSON goes out as is; outside production it is still checked against the contract.
      if (config.responseValidation !== 'off') {
        const problem = checkResponse(reply, op, result.status, JSON.parse(result.jsonText));
        if (problem) return problem;
      }
      return reply.type('application/json; charset=utf-8').serializer((text: unknown) => text as string).send(result.jsonText);
    }
    if (result.body === undefined) return reply.send();
    const problem = checkResponse(reply, op, result.status, result.body);
    if (problem) return problem;
    return reply.type('application/json; charset=utf-8').send(result.body);
  }

  function checkResponse(reply: FastifyReply, op: ContractOperation, status: number, body: unknown): FastifyReply | null {
    if (config.responseValidation !== 'off') {
      const result = { status, body };
      const validate = contract.responseValidator(op, result.status, 'application/json');
      if (validate && !validate(result.body)) {
        const detail = describeErrors(validate.errors, 'response');
        reply.log.error({ operation: op.operationId, status: result.status, detail }, 'response does not match the contract');
        if (config.responseValidation === 'strict') {
          return reply.code(500).send({ detail: `Response of ${op.operationId} does not match the contract: ${detail}` });
        }
      } else if (!validate && result.status !== 204) {
        reply.log.warn({ operation: op.operationId, status: result.status }, 'status not declared in the contract');
      }
    }
    return null;
  }

  // ── runtime configuration and the built web app ──
  app.get('/config.json', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      apiBaseUrl: config.apiBaseUrl,
      userServiceBaseUrl: config.userServiceBaseUrl,
      environment: config.environment,
    };
  });

  const webDist = config.webDist;
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: false,
      // Vite's hashed bundles never change under the same name.
      setHeaders: (res, filePath) => {
        if (/[\\/]assets[\\/]/.test(filePath)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    app.get('/', async (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', webDist));
  }
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path === '/api';
    // SPA fallback for app routes only: a missing file (an extension in the last segment) stays a 404.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path.split('/').pop() ?? '');
    if (!isApi && !looksLikeFile && webDist && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
    }
    return reply.code(404).send({ detail: `No route for ${req.method} ${req.url.split('?')[0]}.` });
  });

  return app;
}
