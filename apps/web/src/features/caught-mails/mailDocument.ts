/**
 * The document a caught mail's HTML part is shown as, in an iframe's `srcdoc` with `sandbox` not allowing scripts
 * (nor the app's origin): a Content-Security-Policy of its own forbids scripts, frames, forms and any fetch but
 * images and styles, and `<base target="_blank">` opens its links in a new tab, as a mail client does (the sandbox
 * lets these tabs out of it, so the server's unsubscribe page and click redirects work as for a prospect).
 */
export const MAIL_FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

export const MAIL_FRAME_CSP =
  "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline' http: https:; font-src http: https: data:; form-action 'none'";

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export function mailDocument(html: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(MAIL_FRAME_CSP)}">` +
    '<base target="_blank"><meta name="referrer" content="no-referrer">' +
    '<style>body{margin:12px;font-family:system-ui,sans-serif;color:#1a1a1a;background:#fff}img{max-width:100%}</style>' +
    `</head><body>${html}</body></html>`
  );
}

/** The http(s) addresses of a List-Unsubscribe header (`<https://…>, <mailto:…>`), to offer as links. */
export function unsubscribeLinks(header: string | undefined): string[] {
  if (!header) return [];
  return [...header.matchAll(/<([^>]+)>/g)]
    .map((m) => (m[1] ?? '').trim())
    .filter((url) => /^https?:\/\//i.test(url));
}
