import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { headerPolicy } from '../security/headers';

/**
 * Security headers on every answer (see security/headers.ts), through @fastify/helmet: a strict
 * Content-Security-Policy (a route may carry its own in `config.helmet`, as the contract page does),
 * X-Frame-Options, Referrer-Policy, the cross-origin policies and helmet's other defaults. Helmet has no
 * Permissions-Policy and sends HSTS over plain HTTP too, so these two are set here: HSTS only over TLS. API
 * answers (tokens, personal data) are never cached.
 */
async function securityHeaders(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  const policy = headerPolicy(config);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: policy.contentSecurityDirectives },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('permissions-policy', policy.permissionsPolicy);
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
