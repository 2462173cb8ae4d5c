import { createHash } from 'node:crypto';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializeCsp } from '../security/headers';

/** The script elements of a page that carry their code inline (no `src`). */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The contract page's policy: its script is Scalar's bundle from this origin plus the one inline script that starts
 * it, allowed by its hash (no 'unsafe-inline'); it loads the contract from this origin and nothing from elsewhere.
 */
export function contractPageCsp(page: string): string {
  const hashes = [...page.matchAll(INLINE_SCRIPT)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
  return serializeCsp({
    'default-src': [`'none'`],
    'script-src': [`'self'`, ...hashes],
    // Scalar injects its stylesheet and sets style attributes.
    'style-src': [`'self'`, `'unsafe-inline'`],
    'img-src': [`'self'`, 'data:', 'blob:'],
    'font-src': [`'self'`, 'data:'],
    'connect-src': [`'self'`],
    'base-uri': [`'none'`],
    'form-action': [`'none'`],
    'frame-ancestors': [`'none'`],
  });
}

/**
 * The contract for people and tools: `/api/openapi.yaml` (the document the server was started with, byte for
 * byte) and `/api/docs/` (Scalar's API reference of it, its script served from node_modules by
 * @scalar/fastify-api-reference: nothing from a CDN, no web fonts, no telemetry, read only). Not operations of the
 * contract itself, so no bearer token and no X-App-Version header.
 */
async function contractDocs(app: FastifyInstance): Promise<void> {
  const { contract } = app;
  app.get('/api/openapi.yaml', { config: { skipVersionCheck: true } }, async (_req, reply) =>
    reply
      .type('application/yaml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .serializer((text: unknown) => text as string)
      .send(contract.text),
  );

  // Scalar's routes in a context of their own, to mark them and give them the page's policy.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, skipVersionCheck: true };
    });
    let pagePolicy: string | null = null;
    docs.addHook('onSend', async (_req, reply, payload) => {
      const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      if (html && typeof payload === 'string') {
        // The page is the same on every request: its policy is computed once.
        pagePolicy ??= contractPageCsp(payload);
        reply.header('content-security-policy', pagePolicy).header('cache-control', 'no-cache');
      } else if (!html) {
        // Scalar's bundle (5 MB): kept a day by the browser.
        reply.header('cache-control', 'public, max-age=86400');
      }
      return payload;
    });
    await docs.register(scalar, {
      routePrefix: '/api/docs',
      logLevel: 'warn',
      configuration: {
        url: '/api/openapi.yaml',
        pageTitle: 'Prospecta API',
        // The web app's icon (served with the built app), so the browser asks for no /favicon.ico.
        favicon: '/favicon.svg',
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        hideTestRequestButton: true,
        showDeveloperTools: 'never',
        agent: { disabled: true },
        mcp: { disabled: true },
      },
    });
  });
}

export default fp(contractDocs, { name: 'contract-docs', decorators: { fastify: ['contract'] } });
