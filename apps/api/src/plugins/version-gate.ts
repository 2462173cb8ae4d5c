import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors';
import { compareVersions } from '../http/app-version';

/**
 * X-App-Version gate on API routes: missing or older than the minimum → 418 (the client reloads).
 * An unknown path is not gated: it answers 404 whatever the header.
 */
async function versionGate(app: FastifyInstance): Promise<void> {
  const { minAppVersion } = app.services.config;
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') || req.is404 || req.routeOptions.config?.skipVersionCheck)
      return;
    const version = req.headers['x-app-version'];
    const value = Array.isArray(version) ? version[0] : version;
    const cmp = value ? compareVersions(value.trim(), minAppVersion) : null;
    if (cmp === null || cmp < 0) {
      throw new HttpError(
        418,
        `This app version is out of date (minimum ${minAppVersion}); reload the page.`,
      );
    }
  });
}

export default fp(versionGate, { name: 'version-gate', decorators: { fastify: ['services'] } });
