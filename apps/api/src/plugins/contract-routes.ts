import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Contract, ContractOperation } from '../http/contract';
import { describeErrors, resolveRef } from '../http/contract';
import { HttpError, badRequest } from '../http/errors';
import type { HandlerResult, RouteDef } from '../http/route';
import { shapeError } from './error-handler';

const routeKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
const toFastifyPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/** An integer written the one way a client writes it: optional minus, digits, no leading zeros. */
const CANONICAL_INTEGER = /^-?(0|[1-9]\d*)$/;

/**
 * The path and query parameters the contract types as integers. The validators coerce strings to numbers,
 * and that coercion also takes ' 1', '1e0', '0x1' or '01' for 1: those are refused before it, so one id has
 * one spelling (and one cache entry).
 */
function integerParameters(op: ContractOperation, contract: Contract) {
  return op.parameters
    .filter((p) => p.in === 'path' || p.in === 'query')
    .filter((p) => resolveRef<{ type?: unknown }>(contract.document, p.schema).type === 'integer')
    .map((p) => ({ name: p.name, in: p.in as 'path' | 'query' }));
}

function refuseNonCanonicalIntegers(
  req: { params: unknown; query: unknown },
  integers: { name: string; in: 'path' | 'query' }[],
  pathAnswersNotFound: boolean,
) {
  for (const p of integers) {
    const source = (p.in === 'path' ? req.params : req.query) as
      Record<string, unknown> | undefined;
    const value = source?.[p.name];
    if (typeof value === 'string' && !CANONICAL_INTEGER.test(value)) {
      const detail = `${p.in === 'path' ? 'Path' : 'Query'} parameter ${p.name} must be an integer.`;
      // As for the validators' own refusals: a malformed id names no resource where no 400 is declared.
      if (p.in === 'path' && pathAnswersNotFound) throw new HttpError(404, `Not found: ${detail}`);
      throw badRequest(detail);
    }
  }
}

function routeSchema(op: ContractOperation, contract: Contract, multipart: boolean) {
  const schema: Record<string, unknown> = {};
  const path = op.parameters.filter((p) => p.in === 'path');
  const query = op.parameters.filter((p) => p.in === 'query');
  if (path.length) {
    schema.params = {
      type: 'object',
      properties: Object.fromEntries(
        path.map((p) => [p.name, contract.toValidatorSchema(p.schema)]),
      ),
      required: path.map((p) => p.name),
    };
  }
  schema.querystring = {
    type: 'object',
    properties: Object.fromEntries(
      query.map((p) => [p.name, contract.toValidatorSchema(p.schema)]),
    ),
    required: query.filter((p) => p.required).map((p) => p.name),
    additionalProperties: op.additionalQueryParameters,
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
  const document = contract.document as {
    components?: {
      responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
    };
  };
  const operations = (
    contract.document.paths as Record<
      string,
      Record<
        string,
        {
          responses?: Record<
            string,
            { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> }
          >;
        }
      >
    >
  )[op.path]?.[op.method];
  const statuses: string[] = [];
  for (const [status, raw] of Object.entries(operations?.responses ?? {})) {
    const response = raw.$ref
      ? document.components?.responses?.[raw.$ref.split('/').pop() ?? '']
      : raw;
    const ref = response?.content?.['application/json']?.schema?.$ref ?? '';
    if (ref.endsWith('/IntegrationError')) statuses.push(status);
  }
  return statuses;
}

/**
 * Who may call an operation, from its `security`: no requirement (`security: []`) → anyone, without the
 * version header; `appVersion` only → anyone, with the header; `bearerAuth` → a signed-in user, and
 * `bearerAuth: [staff]` (a role, as OpenAPI 3.1 allows for non-OAuth schemes) → staff only.
 */
export function accessOf(op: ContractOperation): {
  auth: 'public' | 'user' | 'staff';
  versionCheck: boolean;
} {
  const requirements = (op.security ?? []).filter(
    (r): r is Record<string, unknown> => typeof r === 'object' && r !== null,
  );
  if (requirements.length > 1)
    throw new Error(`${op.operationId}: alternative security requirements are not supported`);
  const requirement = requirements[0] ?? {};
  const bearer = requirement.bearerAuth;
  const roles = Array.isArray(bearer) ? bearer.map(String) : [];
  const unknownRole = roles.find((role) => role !== 'staff');
  if (unknownRole) throw new Error(`${op.operationId}: unknown role "${unknownRole}" in security`);
  return {
    auth: bearer === undefined ? 'public' : roles.includes('staff') ? 'staff' : 'user',
    versionCheck: 'appVersion' in requirement,
  };
}

/**
 * Sign-in, token and password operations, the mail links (their pages carry the signed link), and the live event
 * stream (each event must leave at once, not wait in a compressor's buffer): plugins/compression.ts compresses every
 * other answer.
 */
const NEVER_COMPRESSED =
  /^\/api\/(?:v2\/auth\/|user\/reset-|users\/user\/change-password$|v1\/live$)|^\/m\//;

export interface ContractRoutesOptions {
  routes: RouteDef[];
  /**
   * Whether the development operations (`/api/dev/…`: the outbox of reset codes, answers written into any inbox)
   * exist: in development and CI only. Elsewhere they are not routed at all (404, as an unknown path), whatever
   * DEV_OUTBOX says.
   */
  devOperations: boolean;
}

/** The contract's development-only operations. */
const DEV_PATH = /^\/api\/dev\//;

/**
 * Binds each operation of the contract to its handler (matched by method and path): the route's
 * schemas come from the contract, its answer is checked against the contract (RESPONSE_VALIDATION).
 * An operation without a handler answers 501; a handler without an operation is not served.
 */
async function contractRoutes(app: FastifyInstance, options: ContractRoutesOptions): Promise<void> {
  const { contract, services } = app;
  const { config } = services;
  const defs = new Map<string, RouteDef>();
  for (const def of options.routes) defs.set(routeKey(def.method, def.path), def);
  const served = new Set<string>();
  /**
   * The cached texts already checked against the contract (by `checkedAs`, one per list version): parsing and
   * checking a 10,000-prospect dashboard on every request made development 20 times slower than production. A
   * version leaves this set when the cache lets it go.
   */
  const checkedTexts = new WeakSet<object>();

  function checkResponse(
    reply: FastifyReply,
    op: ContractOperation,
    status: number,
    body: unknown,
  ): FastifyReply | null {
    if (config.responseValidation !== 'off') {
      const validate = contract.responseValidator(op, status, 'application/json');
      if (validate && !validate(body)) {
        const detail = describeErrors(validate.errors, 'response');
        reply.log.error(
          { operation: op.operationId, status, detail },
          'response does not match the contract',
        );
        if (config.responseValidation === 'strict') {
          return reply.code(500).send({
            detail: `Response of ${op.operationId} does not match the contract: ${detail}`,
          });
        }
      } else if (!validate && status !== 204) {
        reply.log.warn(
          { operation: op.operationId, status },
          'status not declared in the contract',
        );
      }
    }
    return null;
  }

  function send(reply: FastifyReply, op: ContractOperation, result: HandlerResult) {
    reply.code(result.status);
    if (result.headers) reply.headers(result.headers);
    if ('binary' in result) return reply.type(result.contentType).send(result.binary);
    if ('stream' in result) return reply.type(result.contentType).send(result.stream);
    if ('jsonText' in result) {
      // Pre-serialized JSON goes out as is; outside production it is still checked against the contract.
      if (config.responseValidation !== 'off' && !checkedTexts.has(result.checkedAs ?? reply)) {
        const problem = checkResponse(reply, op, result.status, JSON.parse(result.jsonText));
        if (problem) return problem;
        // Checked (or, with 'log', reported) once per version; 'strict' refuses a mismatch every time.
        if (result.checkedAs) checkedTexts.add(result.checkedAs);
      }
      if (result.encoded) {
        // Compressed once per list version (http/list-cache.ts); the compression plugin leaves it as it is.
        reply.header('content-encoding', result.encoded.encoding).header('vary', 'accept-encoding');
        return reply.type('application/json; charset=utf-8').send(result.encoded.bytes);
      }
      return reply
        .type('application/json; charset=utf-8')
        .serializer((text: unknown) => text as string)
        .send(result.jsonText);
    }
    if (result.body === undefined) return reply.send();
    const problem = checkResponse(reply, op, result.status, result.body);
    if (problem) return problem;
    return reply.type('application/json; charset=utf-8').send(result.body);
  }

  for (const op of contract.operations) {
    if (!options.devOperations && DEV_PATH.test(op.path)) continue;
    const key = routeKey(op.method, op.path);
    const def = defs.get(key);
    if (!def) {
      app.log.warn(
        { operation: op.operationId },
        'contract operation without a handler: answering 501',
      );
      app.route({
        method: op.method.toUpperCase() as 'GET',
        url: toFastifyPath(op.path),
        handler: async (_req, reply) =>
          reply.code(501).send({ detail: `${op.operationId} is not implemented by this server.` }),
      });
      continue;
    }
    served.add(key);
    const multipart = def.multipart;
    const access = accessOf(op);
    const integrationStatuses = integrationErrorStatuses(op, contract);
    const integers = integerParameters(op, contract);
    const pathAnswersNotFound = !('400' in op.responses) && '404' in op.responses;

    app.route({
      method: op.method.toUpperCase() as 'GET',
      url: toFastifyPath(op.path),
      // Answers carrying tokens or reset codes are never compressed (no length side channel on a secret, BREACH).
      ...(NEVER_COMPRESSED.test(op.path) ? { compress: false as const } : {}),
      schema: routeSchema(op, contract, multipart),
      config: {
        auth: access.auth,
        skipVersionCheck: !access.versionCheck,
        declaredStatuses: Object.keys(op.responses),
        integrationErrorStatuses: integrationStatuses,
        formBody: op.requestBody?.content['application/x-www-form-urlencoded'] !== undefined,
      },
      preValidation: async (req) => {
        refuseNonCanonicalIntegers(req, integers, pathAnswersNotFound);
        if (multipart) {
          if (!req.isMultipart()) throw badRequest('This call expects a multipart/form-data body.');
          return;
        }
        if (op.requestBody?.required && req.body === undefined) {
          throw badRequest('A JSON request body is required.');
        }
      },
      handler: async (req, reply) => {
        let result: HandlerResult;
        try {
          result = await def.handle({
            req,
            reply,
            // Validated (and coerced) by the route's schemas, which come from the same operation.
            params: (req.params ?? {}) as Record<string, unknown>,
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
            body: shapeError(
              error.body ?? { detail: error.detail },
              error.statusCode,
              integrationStatuses,
            ),
            headers: error.headers ?? {},
          };
        }
        return send(reply, op, result);
      },
    });
  }
  for (const [key, def] of defs) {
    if (!served.has(key) && (options.devOperations || !DEV_PATH.test(def.path)))
      app.log.warn(
        { route: `${def.method} ${def.path}` },
        'handler without a contract operation: not served',
      );
  }
}

export default fp(contractRoutes, {
  name: 'contract-routes',
  decorators: { fastify: ['contract', 'services'] },
});
