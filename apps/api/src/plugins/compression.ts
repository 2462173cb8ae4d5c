import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BROTLI_OPTIONS, GZIP_LEVEL } from '../http/compression';

/**
 * Compresses answers of 1 KB or more (JSON, text) for clients that accept brotli or gzip, brotli first, at the
 * levels of http/compression.ts. An answer already compressed (a cached list, static files) is left alone.
 * Request bodies are never decompressed (the body limit holds on what arrives). Registered before the routes
 * (it hooks each route as it is added).
 */
async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: { level: GZIP_LEVEL },
    globalDecompression: false,
  });
}

export default fp(compression, { name: 'compression' });
