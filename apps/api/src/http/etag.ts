import type { FastifyRequest } from 'fastify';
import { preferredEncoding } from './compression';
import { writerOf, type ListSource } from './list-cache';
import type { BaseContext, HandlerResult } from './route';

/**
 * ETags of list answers: the list's scope (`dashboard-12`, `campaign-3`) and its owner's list version (http/list-cache.ts).
 * Weak, because the same list goes out in brotli, gzip or plain bytes.
 */
export const listEtag = (scope: string, version: string): string => `W/"${scope}-${version}"`;

/** Whether the request's If-None-Match names `etag` (weak comparison, RFC 9110 §13.1.2) or is `*`. */
export function ifNoneMatch(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * The headers of a list answer: its ETag, `no-cache` with `private` so a client may keep it and ask again
 * with If-None-Match, never reuse it unasked, and no shared cache keeps it, and `List-State`: `previous` when it is the
 * version before the owner's current one, served during its rebuild (the client asks again shortly). Always sent, on
 * 304s too: a browser's cache updates the stored answer's headers from a 304, so the mark never outlives its answer.
 */
export const listHeaders = (etag: string, previous = false): Record<string, string> => ({
  etag,
  'cache-control': 'private, no-cache',
  'list-state': previous ? 'previous' : 'current',
});

/** 304: the client's copy of the list is current (or, `previous`, the one served during the rebuild). */
export const notModified = (etag: string, previous = false): HandlerResult => ({
  status: 304,
  headers: listHeaders(etag, previous),
});

/**
 * A list answer (dashboard, campaign detail) of `owner`'s lists: 304 when the client's ETag is current; otherwise the
 * answer `source` reads (cached under the owner's list version, http/list-cache.ts), sent already compressed from the
 * cache when the client accepts brotli or gzip. During a rebuild, a session that wrote nothing since may get the
 * previous version (with its own ETag and `List-State: previous`, so the client asks again). Call it after the access checks.
 */
export async function listAnswer(
  ctx: BaseContext,
  scope: string,
  owner: number,
  source: ListSource,
): Promise<HandlerResult> {
  const { listCache } = ctx.services;
  const stamp = await listCache.stamp(owner, writerOf(ctx.principal));
  const etag = listEtag(scope, stamp.tag);
  if (ifNoneMatch(ctx.req, etag)) return notModified(etag);
  const list = listCache.get(scope, stamp, source);
  const served = listEtag(scope, list.tag);
  // The previous version, which this client already holds.
  if (list.previous && ifNoneMatch(ctx.req, served)) return notModified(served, true);
  const text = await list.text;
  const encoding =
    text.length >= 1024 ? preferredEncoding(ctx.req.headers['accept-encoding']) : null;
  const bytes = encoding
    ? await listCache.encoded(scope, list.tag, encoding)?.catch(() => null)
    : null;
  return {
    status: 200,
    jsonText: text,
    // One cached version's text: the development contract check reads it once (plugins/contract-routes.ts).
    checkedAs: list.text,
    headers: listHeaders(served, list.previous),
    ...(encoding && bytes ? { encoded: { encoding, bytes } } : {}),
  };
}
