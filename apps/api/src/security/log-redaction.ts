import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (reset codes, tokens): never written to the logs. */
const SECRET_PARAMS = /^(code|token|access|refresh|password|key|secret)$/i;

/** The URL with the values of secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const index = url.indexOf('?');
  if (index < 0) return url;
  const query = url
    .slice(index + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return eq >= 0 && SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, index)}?${query}`;
}

/** Pino serializer of the request log line: Fastify's fields, with the URL redacted. */
export function requestSerializer(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
