import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../http/errors';
import { readAccessToken } from '../security/tokens';

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Authentication of contract routes: a route whose `config.auth` is `user` or `staff` needs a valid
 * bearer access token of an existing user whose session is open (401 otherwise), `staff` a staff member (403 otherwise).
 * The signed-in user is `req.principal`. Routes without `config.auth` (static files) are not touched.
 */
async function auth(app: FastifyInstance): Promise<void> {
  const { services } = app;
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req) => {
    const level = req.routeOptions.config?.auth;
    if (level === undefined || level === 'public') return;
    const token = bearer(req);
    const claims = token ? await readAccessToken(services.tokens, token) : null;
    // A token of an ended session (signed out, signed out everywhere, password changed or reset) is refused on
    // every instance within a second.
    const open = claims ? await services.sessions.isOpen(claims.sessionId, claims.userId) : false;
    const user = claims && open ? await services.repos.users.findById(claims.userId) : undefined;
    if (!claims || !user) throw unauthorized();
    req.principal = {
      user,
      id: user.id,
      isStaff: user.is_staff,
      sessionId: claims.sessionId,
    };
    if (level === 'staff' && !user.is_staff) throw forbidden('Only staff members can do this.');
  });
}

export default fp(auth, { name: 'auth', decorators: { fastify: ['services'] } });
