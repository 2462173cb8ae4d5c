import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const isWrite = (req: FastifyRequest) => req.method !== 'GET' && req.method !== 'HEAD' && req.url.startsWith('/api/');

/** Every API write invalidates the list cache (`services.listCache`), when it starts and when it ends. */
async function listCacheInvalidation(app: FastifyInstance): Promise<void> {
  const { listCache } = app.services;
  app.addHook('onRequest', async (req) => {
    if (isWrite(req)) listCache.bump();
  });
  app.addHook('onResponse', async (req) => {
    if (isWrite(req)) listCache.bump();
  });
}

export default fp(listCacheInvalidation, { name: 'list-cache', decorators: { fastify: ['services'] } });
