/**
 * The links the engine puts in its mails, signed so that nobody can forge or alter one: the one-click unsubscribe
 * (a prospect's send), the open pixel (a send) and each tracked landing-page link (a send and the page's key). A
 * token is its payload in base64url, a dot, and the first 16 bytes of its HMAC-SHA256 under a key derived from the
 * server's secret for this purpose only; one that does not verify is refused (404: never an open redirect).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export type LinkKind = 'unsubscribe' | 'open' | 'click';

export interface LinkPayload {
  kind: LinkKind;
  /** The send the link belongs to. */
  sendId: number;
  /** The landing page's key (click links). */
  page?: string;
}

const KIND_CODE = { unsubscribe: 'u', open: 'o', click: 'c' } as const satisfies Record<
  LinkKind,
  string
>;
const KIND_OF_CODE = Object.fromEntries(
  Object.entries(KIND_CODE).map(([kind, code]) => [code, kind]),
) as Record<string, LinkKind>;

const MAC_BYTES = 16;

export interface LinkSigner {
  sign(payload: LinkPayload): string;
  /** The payload of a token this server signed, else null. */
  verify(token: string): LinkPayload | null;
}

export function linkSigner(serverSecret: Uint8Array): LinkSigner {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'prospecta', 'campaign mail links', 32));
  const mac = (body: string) =>
    createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);
  return {
    sign(payload) {
      const parts = [KIND_CODE[payload.kind], String(payload.sendId)];
      if (payload.page !== undefined) parts.push(payload.page);
      const body = Buffer.from(parts.join('\n'), 'utf8').toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    verify(token) {
      const dot = token.indexOf('.');
      if (dot <= 0 || token.length > 600) return null;
      const body = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const [code, send, page, ...rest] = Buffer.from(body, 'base64url')
        .toString('utf8')
        .split('\n');
      const kind = code === undefined ? undefined : KIND_OF_CODE[code];
      if (!kind || rest.length > 0 || !send || !/^[1-9]\d{0,15}$/.test(send)) return null;
      if ((kind === 'click') !== (page !== undefined)) return null;
      return page === undefined
        ? { kind, sendId: Number(send) }
        : { kind, sendId: Number(send), page };
    },
  };
}

/** Where each kind of link is served, below the server's public address (outside the versioned API). */
export const MAIL_LINK_PATHS = {
  unsubscribe: '/m/u/',
  open: '/m/o/',
  click: '/m/c/',
} as const satisfies Record<LinkKind, string>;

/** The absolute address of a signed link (`publicUrl`: the server's public address, e.g. PUBLIC_URL). */
export function mailLinkUrl(publicUrl: string, signer: LinkSigner, payload: LinkPayload): string {
  return `${publicUrl.replace(/\/+$/, '')}${MAIL_LINK_PATHS[payload.kind]}${signer.sign(payload)}`;
}
