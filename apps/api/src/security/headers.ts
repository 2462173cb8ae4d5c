/**
 * The security headers of every answer. The web app is one bundle served from this origin:
 * scripts, styles, fonts and API calls come from 'self'; the only other origins are the ones the
 * deployment names (API_BASE_URL / USER_SERVICE_BASE_URL when they point elsewhere, and
 * THIRD_PARTY_ORIGINS, e.g. the meetings widget of the onboarding form).
 * plugins/security-headers.ts sends them through @fastify/helmet.
 */
export type CspDirectives = Record<string, string[]>;

export interface HeaderPolicy {
  /** The Content-Security-Policy as @fastify/helmet takes it. */
  contentSecurityDirectives: CspDirectives;
  /** The same, as the header carries it. */
  contentSecurityPolicy: string;
  permissionsPolicy: string;
  /** Sent only on answers served over TLS (directly, or behind a trusted proxy saying https). */
  strictTransportSecurity: string;
}

/**
 * Powerful features no page of the app uses, refused to the page and every frame it embeds. Only names browsers
 * recognise: an unknown one ('bluetooth', say) is a console error on every page.
 */
export const DENIED_FEATURES = [
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'hid',
  'display-capture',
  'browsing-topics',
] as const;

/** The origin of an absolute http(s) URL, or null for an empty or relative one (same origin). */
export function originOf(url: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** `default-src 'self';script-src …`: directives as the header carries them (as helmet writes them). */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

export function headerPolicy(options: {
  apiBaseUrl: string;
  userServiceBaseUrl: string;
  thirdPartyOrigins: string[];
}): HeaderPolicy {
  const apiOrigins = [originOf(options.apiBaseUrl), originOf(options.userServiceBaseUrl)].filter(
    (o): o is string => o !== null,
  );
  const extra = options.thirdPartyOrigins;
  const list = (...sources: string[]) => [...new Set(sources)];
  const directives: CspDirectives = {
    'default-src': [`'self'`],
    'script-src': list(`'self'`, ...extra),
    // Inline style attributes and the style elements some components inject (toasts); no inline script.
    'style-src': list(`'self'`, `'unsafe-inline'`, ...extra),
    'img-src': list(`'self'`, 'data:', 'blob:', ...extra),
    'font-src': [`'self'`, 'data:'],
    'connect-src': list(`'self'`, ...apiOrigins, ...extra),
    'frame-src': extra.length ? list(...extra) : [`'none'`],
    'worker-src': [`'self'`, 'blob:'],
    'object-src': [`'none'`],
    'base-uri': [`'none'`],
    'form-action': [`'self'`],
    'frame-ancestors': [`'none'`],
  };
  return {
    contentSecurityDirectives: directives,
    contentSecurityPolicy: serializeCsp(directives),
    permissionsPolicy: DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
  };
}
