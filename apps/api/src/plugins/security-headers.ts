import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { headerPolicy } from '../security/headers';

/**
 * Security headers on every answer (see security/headers.ts): a strict Content-Security-Policy (a route
 * may set its own, stricter one), Permissions-Policy, HSTS over TLS; API answers (tokens, personal data)
 * are never cached.
 */
async function securityHeaders(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  const policy = headerPolicy(config);
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', policy.permissionsPolicy);
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', policy.contentSecurityPolicy);
    if (req.protocol === 'https')
      reply.header('strict-transport-security', policy.strictTransportSecurity);
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(securityHeaders, {
  name: 'security-headers',
  decorators: { fastify: ['services'] },
});
