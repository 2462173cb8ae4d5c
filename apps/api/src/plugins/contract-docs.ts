import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { renderContractDocs } from '../docs/render';

/**
 * The contract for people and tools: `/api/openapi.yaml` (the document the server was started with, byte for
 * byte) and `/api/docs` (a page rendered from it that loads nothing from elsewhere). Not operations of the
 * contract itself, so no bearer token and no X-App-Version header.
 */
async function contractDocs(app: FastifyInstance): Promise<void> {
  const { contract } = app;
  let page: string | null = null;
  app.get('/api/openapi.yaml', { config: { skipVersionCheck: true } }, async (_req, reply) =>
    reply
      .type('application/yaml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .serializer((text: unknown) => text as string)
      .send(contract.text),
  );
  app.get('/api/docs', { config: { skipVersionCheck: true } }, async (_req, reply) => {
    page ??= renderContractDocs(contract);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      )
      .serializer((text: unknown) => text as string)
      .send(page);
  });
}

export default fp(contractDocs, { name: 'contract-docs', decorators: { fastify: ['contract'] } });
