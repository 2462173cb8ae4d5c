import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (reset codes, tokens): never written to the logs. */
const SECRET_PARAMS = /^(code|token|access|refresh|password|key|secret)$/i;

/**
 * A campaign mail's signed link (engine/links.ts): its payload (the send, a page's key) is kept for the logs, its
 * signature is not (whoever holds a whole unsubscribe link can unsubscribe its prospect).
 */
const MAIL_LINK_SIGNATURE = /^(\/m\/[uoc]\/[^/?.]*\.)[^/?]+/;

/** The URL with the values of secret query parameters, and mail links' signatures, replaced by `[redacted]`. */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(MAIL_LINK_SIGNATURE, '$1[redacted]');
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
