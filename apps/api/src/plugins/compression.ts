import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Brotli quality and gzip level of the API's answers, chosen with `pnpm --filter @prospecta/api bench:compress`
 * (README "Performance"): on the 10,000-prospect dashboard (3.5 MB), brotli 4 gives 313 KB in 16 ms and gzip 6
 * 330 KB in 25 ms; brotli 5 and up or gzip 9 cost two to three times the time for a few percent less, and
 * brotli 11 takes seconds. The built web app's files are compressed once at build time instead (at the
 * maximum levels) and served as they are (plugins/static-app.ts).
 */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

/**
 * Compresses answers of 1 KB or more (JSON, text) for clients that accept brotli or gzip; brotli first.
 * Request bodies are never decompressed (the body limit holds on what arrives). Registered before the routes
 * (it hooks each route as it is added).
 */
async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: GZIP_LEVEL },
    globalDecompression: false,
  });
}

export default fp(compression, { name: 'compression' });
