import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Baseline security headers on every answer; API answers (tokens, personal data) are never cached. */
async function securityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
