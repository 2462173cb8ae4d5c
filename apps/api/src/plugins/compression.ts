import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BROTLI_OPTIONS, GZIP_LEVEL } from '../http/compression';

/**
 * Compresses answers of 1 KB or more (JSON, text) for clients that accept brotli or gzip, brotli first, at the
 * levels of http/compression.ts. An answer already compressed (a cached list, static files) is left alone.
 * Request bodies are never decompressed (the body limit holds on what arrives). Registered before the routes
 * (it hooks each route as it is added).
 *
 * Answers up to `SYNC_COMPRESS_BYTES` are compressed in one call on the event loop rather than through a stream: at
 * these levels that is about a millisecond for 128 KB, where the stream's hops through the thread pool and the event
 * loop made a 45 KB inbox answer 2 to 4 ms slower on an idle machine, and more under load (the plugin's own default
 * bound, 8 KB on two cores, leaves nearly every JSON answer on the stream). Larger answers (exports) keep the stream.
 */
export const SYNC_COMPRESS_BYTES = 128 * 1024;

async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: SYNC_COMPRESS_BYTES,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: { level: GZIP_LEVEL },
    globalDecompression: false,
  });
}

export default fp(compression, { name: 'compression' });
