import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describeErrors, fieldErrors } from '../http/contract';
import { HttpError } from '../http/errors';

/** Gives a plain `{ detail }` error the integration shape where the operation declares it. */
export function shapeError(
  body: Record<string, unknown>,
  status: number,
  integrationStatuses: string[] | undefined,
): Record<string, unknown> {
  if (integrationStatuses?.includes(String(status)) && !('message' in body)) {
    return { detail: body.detail, message: { state_message: 'unexpected_error' } };
  }
  return body;
}

function validationWhere(context: string | undefined): string {
  if (context === 'querystring') return 'query';
  if (context === 'params') return 'path';
  return context ?? 'request';
}

/**
 * PostgreSQL's data exceptions about a value itself (SQLSTATE class 22): numeric value out of range, invalid text
 * representation, a NUL byte or another invalid byte sequence, a string too long, a datetime field out of range.
 */
const VALUE_REFUSED_BY_DATABASE = new Set(['22003', '22P02', '22021', '22001', '22008', '22P05']);

type FastifyErrorLike = Error & {
  statusCode?: number;
  code?: string;
  validation?: unknown;
  validationContext?: string;
};

/** Every error becomes a JSON answer with a `detail` (never a stack), in the shape the operation declares. */
async function errorHandler(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyErrorLike, req, reply) => {
    const integrationStatuses = req.routeOptions.config?.integrationErrorStatuses;
    if (error instanceof HttpError) {
      const body = shapeError(
        error.body ?? { detail: error.detail },
        error.statusCode,
        integrationStatuses,
      );
      return reply
        .code(error.statusCode)
        .headers(error.headers ?? {})
        .send(body);
    }
    if (error.validation) {
      const where = validationWhere(error.validationContext);
      const detail = describeErrors(error.validation as never, where);
      // A malformed id in the path names no resource: 404 where the operation declares no 400.
      const declared = req.routeOptions.config?.declaredStatuses ?? [];
      if (where === 'path' && !declared.includes('400') && declared.includes('404')) {
        return reply.code(404).send({ detail: `Not found: ${detail}` });
      }
      const body =
        where === 'body' || where === 'query'
          ? { detail, field_errors: fieldErrors(error.validation as never) }
          : { detail };
      return reply.code(400).send(shapeError(body, 400, integrationStatuses));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const detail = `Unsupported content type "${req.headers['content-type'] ?? ''}".`;
      return reply.code(400).send(shapeError({ detail }, 400, integrationStatuses));
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ detail: 'Some files exceed the 15MB size limit.' });
    }
    if (
      error.code === 'FST_FILES_LIMIT' ||
      error.code === 'FST_PARTS_LIMIT' ||
      error.code === 'FST_FIELDS_LIMIT'
    ) {
      return reply.code(413).send({ detail: 'Too many files or form fields in one submission.' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // JSON bodies are small by contract: an oversized one does not match it.
      return reply
        .code(400)
        .send(
          shapeError(
            { detail: 'The request body is too large (limit 1 MB).' },
            400,
            integrationStatuses,
          ),
        );
    }
    if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return reply.code(400).send({ detail: 'This call expects a multipart/form-data body.' });
    }
    if (typeof error.code === 'string' && VALUE_REFUSED_BY_DATABASE.has(error.code)) {
      // A value the contract lets through but the database cannot hold (an id past its integer type, a NUL byte in
      // a text): the request's fault, not the server's.
      req.log.warn({ code: error.code }, 'a request value the database refused');
      return reply
        .code(400)
        .send(
          shapeError(
            { detail: 'A value of the request is out of range or malformed.' },
            400,
            integrationStatuses,
          ),
        );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send(shapeError({ detail: error.message || 'Bad request.' }, status, integrationStatuses));
    }
    req.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ detail: 'An unexpected error occurred.' });
  });
}

export default fp(errorHandler, { name: 'error-handler' });
