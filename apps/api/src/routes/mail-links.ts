/**
 * The links of the campaign mails (engine/links.ts): the unsubscribe page and its one-click POST (RFC 8058), the
 * open pixel and the tracked landing-page links. Public, outside the versioned API (docs/decisions/0167): the token
 * alone says which send a request is about, and one this server did not sign names nothing (404). A GET never
 * changes what the prospect receives: mail scanners follow every link of a mail.
 */
import type { FastifyRequest } from 'fastify';
import { landingPageUrl } from '@prospecta/domain';
import { MAIL_LINK_PATHS, type LinkKind } from '../engine/links';
import { badRequest, notFound } from '../http/errors';
import { checkLimit } from '../http/limits';
import {
  defineRoute,
  type BaseContext,
  type HandlerResult,
  type RouteDef,
  type Services,
} from '../http/route';
import type { LinkedSend } from '../repositories/mail-links';
import {
  invalidLinkPage,
  MAIL_LINK_PAGE_CSP,
  preferredLanguage,
  unsubscribeConfirmPage,
  unsubscribeDonePage,
} from './mail-link-pages';

/** The transparent 1×1 GIF of the open pixel (43 bytes). */
export const TRANSPARENT_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

/** Every answer of the mail links: never cached, never indexed, and the token never sent on as a referrer. */
const LINK_HEADERS = {
  'cache-control': 'no-store, no-cache, must-revalidate, max-age=0',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
} as const;

const wantsHtml = (req: FastifyRequest) => /\btext\/html\b/i.test(req.headers.accept ?? '');

function htmlPage(status: number, html: string): HandlerResult {
  return {
    status,
    binary: Buffer.from(html, 'utf8'),
    contentType: 'text/html; charset=utf-8',
    headers: { ...LINK_HEADERS, 'content-security-policy': MAIL_LINK_PAGE_CSP },
  };
}

/** A link that names nothing: a page in the browser's language for a person, the JSON error for anything else. */
function linkNotFound(ctx: BaseContext, what: string): HandlerResult {
  if (ctx.req.method === 'GET' || ctx.req.method === 'POST') {
    if (wantsHtml(ctx.req) && ctx.op.path !== `${MAIL_LINK_PATHS.open}{token}`)
      return htmlPage(404, invalidLinkPage(preferredLanguage(ctx.req.headers['accept-language'])));
  }
  throw notFound(what);
}

/**
 * The send a link names, after the per-address limit: null when the token does not verify, is of another kind, or
 * names a send that does not exist.
 */
async function linkedSend(
  ctx: BaseContext,
  token: string,
  kind: LinkKind,
): Promise<{ send: LinkedSend; page?: string } | null> {
  await checkLimit(ctx.services.limits.mailLinks, ctx.req, { count: true });
  const payload = ctx.services.linkSigner.verify(token);
  if (!payload || payload.kind !== kind) return null;
  const send = await ctx.services.repos.mailLinks.findSend(payload.sendId);
  if (!send) return null;
  return payload.page === undefined ? { send } : { send, page: payload.page };
}

/** Whether the request only asks about the answer (HEAD): such a request records nothing. */
const onlyLooks = (req: FastifyRequest) => req.method === 'HEAD';

const showUnsubscribePage = defineRoute('get', '/m/u/{token}', async (ctx) => {
  const linked = await linkedSend(ctx, ctx.params.token, 'unsubscribe');
  if (!linked) return linkNotFound(ctx, 'Unsubscribe link');
  const { send } = linked;
  // Already done (the link opened again): says so, with nothing left to confirm.
  if (await ctx.services.repos.mailLinks.hasUnsubscribed(send))
    return htmlPage(200, unsubscribeDonePage(send.language, send.email));
  return htmlPage(
    200,
    unsubscribeConfirmPage(
      send.language,
      send.email,
      `${MAIL_LINK_PATHS.unsubscribe}${ctx.params.token}`,
    ),
  );
});

const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;

/** The `List-Unsubscribe` field of the POST's form (form-encoded or multipart), if any. */
async function oneClickField(services: Services, req: FastifyRequest): Promise<string | undefined> {
  if (req.isMultipart()) {
    let value: string | undefined;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') await part.toBuffer();
        else if (part.fieldname === 'List-Unsubscribe' && typeof part.value === 'string')
          value = part.value;
      }
    } catch (error) {
      services.log.warn({ err: error }, 'unsubscribe: unreadable multipart body');
      throw badRequest('The form body could not be read.');
    }
    return value;
  }
  const body = req.body as Record<string, unknown> | undefined;
  const value = body?.['List-Unsubscribe'];
  return typeof value === 'string' ? value : undefined;
}

const unsubscribe = defineRoute('post', '/m/u/{token}', async (ctx) => {
  const { req } = ctx;
  // A form (the page's, or the mail client's one-click), or nothing; any other body is not this operation's.
  if (
    req.body !== undefined &&
    !req.isMultipart() &&
    !FORM_TYPE.test(req.headers['content-type'] ?? '')
  )
    throw badRequest(`Unsupported content type "${req.headers['content-type'] ?? ''}".`);
  const linked = await linkedSend(ctx, ctx.params.token, 'unsubscribe');
  if (!linked) return linkNotFound(ctx, 'Unsubscribe link');
  const { send } = linked;
  const oneClick = (await oneClickField(ctx.services, req))?.trim() === 'One-Click';
  const recorded = await ctx.services.repos.mailLinks.unsubscribe(send);
  ctx.services.log.info(
    { sendId: send.sendId, campaignId: send.campaignId, oneClick, recorded },
    'mail link: unsubscribe',
  );
  if (oneClick) return { status: 200, headers: { ...LINK_HEADERS } };
  return htmlPage(200, unsubscribeDonePage(send.language, send.email));
});

const trackOpen = defineRoute('get', '/m/o/{token}', async (ctx) => {
  const linked = await linkedSend(ctx, ctx.params.token, 'open');
  if (!linked) return linkNotFound(ctx, 'Open pixel');
  const { send } = linked;
  if (send.trackOpens && !onlyLooks(ctx.req)) {
    // The image answers whatever happens to the figure: a mail never shows a broken image because of it.
    try {
      await ctx.services.repos.mailLinks.recordOpen(send);
    } catch (error) {
      ctx.services.log.error({ err: error, sendId: send.sendId }, 'mail link: open not recorded');
    }
  }
  return {
    status: 200,
    binary: TRANSPARENT_GIF,
    contentType: 'image/gif',
    headers: { ...LINK_HEADERS, pragma: 'no-cache', expires: '0' },
  };
});

/** The landing page's address, if it is one a browser may be sent to (http or https). */
function landingAddress(page: Parameters<typeof landingPageUrl>[0]): string | null {
  try {
    const url = landingPageUrl(page);
    const protocol = new URL(url).protocol;
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

const followMailLink = defineRoute('get', '/m/c/{token}', async (ctx) => {
  const linked = await linkedSend(ctx, ctx.params.token, 'click');
  if (!linked?.page) return linkNotFound(ctx, 'Link');
  const { send, page } = linked;
  // The campaign's page of this key as it is now; never an address from the request.
  const landing = await ctx.services.repos.mailLinks.landingPage(send.campaignId, page);
  const location = landing ? landingAddress(landing) : null;
  if (!location) return linkNotFound(ctx, 'Landing page');
  if (send.trackClicks && !onlyLooks(ctx.req)) {
    try {
      await ctx.services.repos.mailLinks.recordClick(send, page);
    } catch (error) {
      ctx.services.log.error({ err: error, sendId: send.sendId }, 'mail link: click not recorded');
    }
  }
  return { status: 302, headers: { ...LINK_HEADERS, location } };
});

export const mailLinkRoutes: RouteDef[] = [
  showUnsubscribePage,
  unsubscribe,
  trackOpen,
  followMailLink,
];
