import { sql } from 'kysely';
import type { RouteDef } from '../http/route';
import { json } from '../http/route';

/** Health, for load balancers and monitors: the database answers a trivial query, or 503. */
const getHealth: RouteDef = {
  method: 'GET',
  path: '/api/health',
  auth: 'public',
  skipVersionCheck: true,
  async handle(ctx) {
    try {
      await sql`select 1`.execute(ctx.services.db);
      return json(200, { status: 'ok' });
    } catch (error) {
      ctx.services.log.error({ err: error }, 'health check: the database does not answer');
      return json(503, { status: 'unavailable' });
    }
  },
};

export const metaRoutes: RouteDef[] = [getHealth];
