import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Sign-in and password operations never touch a list: they do not bump the version, so signing in or refreshing
 * a token does not throw away every cached list and ETag.
 */
const NO_LIST_WRITES = [/^\/api\/v2\/auth\//, /^\/api\/user\/reset-/, /^\/api\/users\/user\/change-password(?:\?|$)/];

const isWrite = (req: FastifyRequest) =>
  req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && req.url.startsWith('/api/') && !NO_LIST_WRITES.some((re) => re.test(req.url));

/**
 * Every API write bumps the list version (`services.listCache`, shared by every process on the database) when it
 * starts and again once its handler is done, before its answer leaves: the cached lists and the ETags of list
 * answers in every process are then out of date (see http/list-cache.ts).
 */
async function listCacheInvalidation(app: FastifyInstance): Promise<void> {
  const { listCache } = app.services;
  app.addHook('onRequest', async (req) => {
    if (isWrite(req)) await listCache.bump();
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (isWrite(req)) await listCache.bump();
    return payload;
  });
}

export default fp(listCacheInvalidation, { name: 'list-cache', decorators: { fastify: ['services'] } });
