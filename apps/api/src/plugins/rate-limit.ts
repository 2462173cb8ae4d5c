import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/index';
import { databaseRateLimitStore } from '../http/rate-limit-store';

/**
 * @fastify/rate-limit with its store in the database, so every server process counts the same hits. Not global:
 * the limits are named in http/limits.ts (`app.createRateLimit`), and a route may carry its own in
 * `config.rateLimit`. Registered before the services are built: they hold the limits.
 */
async function rateLimits(app: FastifyInstance, options: { db: Db }): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(options.db),
  });
}

export default fp(rateLimits, { name: 'rate-limits' });
