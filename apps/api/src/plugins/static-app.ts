import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The web app's side of the one origin: its runtime `/config.json`, the built files of `config.webDist`
 * (when built, with their precompressed .br/.gz copies), the SPA fallback for app routes, and a JSON 404 for everything else (unknown API paths).
 */
async function staticApp(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
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
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts): served as they are to
      // clients that accept them, with Vary: Accept-Encoding; the compression plugin leaves them alone.
      preCompressed: true,
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
}

export default fp(staticApp, { name: 'static-app', decorators: { fastify: ['services'] } });
