import { ping } from '../db/index';
import { defineRoute, json, type RouteDef } from '../http/route';

/** Health, for load balancers and monitors: the database answers a trivial query, or 503. */
const getHealth = defineRoute('get', '/api/health', async (ctx) => {
  try {
    await ping(ctx.services.db);
    return json(200, { status: 'ok' });
  } catch (error) {
    ctx.services.log.error({ err: error }, 'health check: the database does not answer');
    return json(503, { status: 'unavailable' });
  }
});

export const metaRoutes: RouteDef[] = [getHealth];
