import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { writerOf } from '../http/list-cache';

/**
 * Sign-in and password operations never touch a list: their caller is not recorded as a writer (a sign-in does not
 * make the next dashboard wait for a rebuild).
 */
const NO_LIST_WRITES = [
  /^\/api\/v2\/auth\//,
  /^\/api\/user\/reset-/,
  /^\/api\/users\/user\/change-password(?:\?|$)/,
];
/** GET operations that write: the campaign refresh. */
const WRITING_GETS = [/^\/api\/v1\/campaigns\/[^/?]+\/sync(?:\?|$)/];

const isWrite = (req: FastifyRequest) =>
  req.url.startsWith('/api/') &&
  (req.method === 'GET' || req.method === 'HEAD'
    ? WRITING_GETS.some((re) => re.test(req.url))
    : req.method !== 'OPTIONS') &&
  !NO_LIST_WRITES.some((re) => re.test(req.url));

/**
 * The lists' versions follow the data by themselves (database triggers, http/list-cache.ts). What the API adds: once a
 * signed-in write is done, before its answer leaves, its session is recorded as a writer, so that the session's next
 * read of a list never gets the previous version served during a rebuild (read your writes, in every server process).
 */
async function listWriters(app: FastifyInstance): Promise<void> {
  const { listCache } = app.services;
  app.addHook('onSend', async (req, _reply, payload) => {
    const writer = writerOf(req.principal);
    if (writer && isWrite(req)) await listCache.wrote(writer);
    return payload;
  });
}

export default fp(listWriters, { name: 'list-cache', decorators: { fastify: ['services'] } });
