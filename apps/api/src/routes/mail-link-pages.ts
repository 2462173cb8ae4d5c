/**
 * The pages a prospect sees from a campaign mail's links: the unsubscribe confirmation (before and after) and the
 * answer to a link that does not verify. Small, static, accessible HTML in the campaign's language (fr or en), with
 * one stylesheet element allowed by its hash and no script: the Content-Security-Policy below allows nothing else.
 */
import { createHash } from 'node:crypto';
import type { CampaignLanguage } from '@prospecta/domain/contract';
import { serializeCsp } from '../security/headers';

interface PageTexts {
  confirmTitle: string;
  confirmText: (email: string | null) => string;
  confirmButton: string;
  doneTitle: string;
  doneText: (email: string | null) => string;
  invalidTitle: string;
  invalidText: string;
}

/** The pages' sentences. French typography: ’ for apostrophes, a no-break space before : ; ! ?. */
export const MAIL_LINK_TEXTS: Record<CampaignLanguage, PageTexts> = {
  fr: {
    confirmTitle: 'Se désinscrire',
    confirmText: (email) =>
      email
        ? `L’adresse ${email} ne recevra plus nos messages.`
        : 'Vous ne recevrez plus nos messages.',
    confirmButton: 'Confirmer la désinscription',
    doneTitle: 'Désinscription confirmée',
    doneText: (email) =>
      email
        ? `L’adresse ${email} est désinscrite\u00a0: elle ne recevra plus nos messages.`
        : 'Votre désinscription est enregistrée\u00a0: vous ne recevrez plus nos messages.',
    invalidTitle: 'Lien non valide',
    invalidText:
      'Ce lien est incomplet, modifié ou n’existe plus. Pour ne plus recevoir nos messages, répondez simplement à l’un d’eux.',
  },
  en: {
    confirmTitle: 'Unsubscribe',
    confirmText: (email) =>
      email
        ? `The address ${email} will no longer receive our messages.`
        : 'You will no longer receive our messages.',
    confirmButton: 'Confirm unsubscribe',
    doneTitle: 'You are unsubscribed',
    doneText: (email) =>
      email
        ? `The address ${email} is unsubscribed: it will no longer receive our messages.`
        : 'You are unsubscribed: you will no longer receive our messages.',
    invalidTitle: 'Link not valid',
    invalidText:
      'This link is incomplete, altered or no longer exists. To stop receiving our messages, simply reply to one of them.',
  },
};

const STYLE = [
  ':root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}',
  'body{margin:0;padding:2rem 1rem;background:Canvas;color:CanvasText}',
  'main{max-width:32rem;margin:0 auto}',
  'h1{font-size:1.5rem;margin:0 0 1rem}',
  'p{margin:0 0 1.5rem;overflow-wrap:anywhere}',
  'button{font:inherit;padding:.625rem 1.25rem;border:2px solid #1d4ed8;border-radius:.375rem;background:#1d4ed8;color:#fff;cursor:pointer}',
  'button:hover{background:#1e40af;border-color:#1e40af}',
  'button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}',
].join('');

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The pages' policy: their one stylesheet element, a form posting to this origin, nothing else. */
export const MAIL_LINK_PAGE_CSP = serializeCsp({
  'default-src': [`'none'`],
  'style-src': [STYLE_HASH],
  'img-src': [`'none'`],
  'form-action': [`'self'`],
  'base-uri': [`'none'`],
  'frame-ancestors': [`'none'`],
});

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function page(language: CampaignLanguage, title: string, body: string): string {
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<meta name="referrer" content="no-referrer">`,
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>`,
    '</html>',
  ].join('\n');
}

/** Asks to confirm; its button posts the form to `action` (the link's own address). */
export function unsubscribeConfirmPage(
  language: CampaignLanguage,
  email: string | null,
  action: string,
): string {
  const t = MAIL_LINK_TEXTS[language];
  return page(
    language,
    t.confirmTitle,
    `<p>${escapeHtml(t.confirmText(email))}</p>` +
      `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t.confirmButton)}</button></form>`,
  );
}

/** Says the address is unsubscribed (the first time and every time after). */
export function unsubscribeDonePage(language: CampaignLanguage, email: string | null): string {
  const t = MAIL_LINK_TEXTS[language];
  return page(language, t.doneTitle, `<p role="status">${escapeHtml(t.doneText(email))}</p>`);
}

/** A link that does not verify, or whose send or page is gone. */
export function invalidLinkPage(language: CampaignLanguage): string {
  const t = MAIL_LINK_TEXTS[language];
  return page(language, t.invalidTitle, `<p>${escapeHtml(t.invalidText)}</p>`);
}

/**
 * The language of a browser's Accept-Language among the campaigns' (for a link that names no campaign): the
 * first one it prefers, by quality, else French.
 */
export function preferredLanguage(acceptLanguage: string | undefined): CampaignLanguage {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'fr' || tag.startsWith('fr-')) return 'fr';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'fr';
}
