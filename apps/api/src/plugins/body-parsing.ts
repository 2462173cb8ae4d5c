import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_UPLOAD_BYTES } from '@prospecta/domain';
import { badRequest } from '../http/errors';
import { JSON_PROBLEM_MESSAGES, jsonProblem } from '../http/json-guard';

/**
 * Request parsing: JSON bodies (an empty body is no body; NUL characters, which PostgreSQL text
 * cannot hold, are refused), multipart uploads, and validators compiled by the contract's ajv
 * instances. Responses are plain JSON, checked against the contract by the contract routes.
 */
async function bodyParsing(app: FastifyInstance): Promise<void> {
  const { contract } = app;
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
    const problem = jsonProblem(parsed);
    if (problem) return done(badRequest(JSON_PROBLEM_MESSAGES[problem]), undefined);
    done(null, parsed);
  });
  // Form bodies only where the operation declares them (the mail links' unsubscribe, RFC 8058): anywhere else such a
  // body is refused as before, so that a cross-site form can never post to a JSON operation.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (req, body, done) => {
      if (!req.routeOptions.config?.formBody)
        return done(badRequest(`Unsupported content type "${req.headers['content-type'] ?? ''}".`));
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
  app.addHook('preValidation', async (req) => {
    const query = req.query as Record<string, unknown> | undefined;
    const problem = query ? jsonProblem(query) : null;
    if (problem) throw badRequest(`Query parameters: ${JSON_PROBLEM_MESSAGES[problem]}`);
  });
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 20,
      fields: 10,
      fieldSize: 1024 * 1024,
      parts: 40,
    },
  });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? contract.ajv : contract.paramsAjv;
    return ajv.compile(schema as object);
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

export default fp(bodyParsing, { name: 'body-parsing', decorators: { fastify: ['contract'] } });
