import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appJobs } from '../jobs/registry';

/**
 * The job queue (jobs/queue.ts, jobs/registry.ts): started once the server is ready (its queues declared, its
 * workers running unless JOBS_WORKER=false), stopped when it closes, before the database: running jobs get
 * JOBS_SHUTDOWN_TIMEOUT seconds to finish, the others go back to the queue.
 */
async function jobs(app: FastifyInstance): Promise<void> {
  const { services } = app;
  app.addHook('onReady', async () => services.jobs.start(appJobs(services)));
  app.addHook('onClose', async () => services.jobs.stop());
}

export default fp(jobs, { name: 'jobs', decorators: { fastify: ['services'] } });
