import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** The production build's early script (apps/web/vite.config.ts) has an empty `data-config` for the server to fill. */
const CONFIG_SLOT = /(<script src="\/assets\/early-[\w-]+\.js"[^>]*?) data-config=""/;
/** The build's preload of /config.json, needless once the page carries the configuration. */
const CONFIG_PRELOAD = /[ \t]*<link rel="preload" href="\/config\.json"[^>]*>\n?/;

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html with the runtime configuration in its early script's `data-config`: the script starts the first screen's
 * calls at once instead of after a request for /config.json (a round trip of 60–300 ms in the browser on the
 * 2-core machine), and hands the app the same configuration. A page without the slot (another build) is unchanged.
 */
export function withRuntimeConfig(html: string, runtimeConfig: object): string {
  if (!CONFIG_SLOT.test(html)) return html;
  return html
    .replace(
      CONFIG_SLOT,
      (_match, tag: string) => `${tag} data-config="${attribute(JSON.stringify(runtimeConfig))}"`,
    )
    .replace(CONFIG_PRELOAD, '');
}

/**
 * The web app's side of the one origin: its runtime `/config.json` (also written into index.html), the built files of
 * `config.webDist` (when built, with their precompressed .br/.gz copies), the SPA fallback for app routes, and a JSON
 * 404 for everything else (unknown API paths).
 */
async function staticApp(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  const runtimeConfig = {
    apiBaseUrl: config.apiBaseUrl,
    userServiceBaseUrl: config.userServiceBaseUrl,
    environment: config.environment,
    // The staff page of caught mails exists when the local mail catcher runs (never in production: refused there).
    mailCatcher: Boolean(config.mailCatcher) && config.environment !== 'production',
  };
  app.get('/config.json', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return runtimeConfig;
  });

  const webDist = config.webDist;
  let sendIndex: ((reply: FastifyReply) => Promise<FastifyReply>) | null = null;
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
        if (/[\\/]assets[\\/]/.test(filePath))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // Read again when the file changes (a rebuilt web app is served without a restart).
    const indexPath = join(webDist, 'index.html');
    let index: { mtimeMs: number; html: Promise<string> } | null = null;
    const indexHtml = async (): Promise<string> => {
      const { mtimeMs } = await stat(indexPath);
      if (index?.mtimeMs !== mtimeMs)
        index = {
          mtimeMs,
          html: readFile(indexPath, 'utf8').then((html) => withRuntimeConfig(html, runtimeConfig)),
        };
      return index.html.catch((error: unknown) => {
        index = null;
        throw error;
      });
    };
    const send = async (reply: FastifyReply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(await indexHtml());
    sendIndex = send;
    app.get('/', async (_req, reply) => send(reply));
  }
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // The mail links (/m/…) are not app routes either: a malformed one is a plain 404, never the app's page.
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/m/');
    // SPA fallback for app routes only: a missing file (an extension in the last segment) stays a 404.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path.split('/').pop() ?? '');
    if (!isApi && !looksLikeFile && sendIndex && (req.method === 'GET' || req.method === 'HEAD')) {
      return sendIndex(reply);
    }
    return reply.code(404).send({ detail: `No route for ${req.method} ${req.url.split('?')[0]}.` });
  });
}

export default fp(staticApp, { name: 'static-app', decorators: { fastify: ['services'] } });
