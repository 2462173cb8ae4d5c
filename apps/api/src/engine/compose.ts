/**
 * One planned e-mail made into a message, for one prospect (pure: no database, no clock, no network).
 *
 * - The step's subject and body filled for the prospect (packages/domain renderTemplate) in the campaign's language.
 * - From the mailbox (its name and address), to the prospect; the Message-ID is the send's own, recorded before.
 * - A follow-up answers its thread unless its step starts a new one: `In-Reply-To` the previous mail of the thread,
 *   `References` every mail of the thread, the subject `Re: ` + the thread's first subject.
 * - The one-click unsubscribe (RFC 8058: `List-Unsubscribe` + `List-Unsubscribe-Post`), and the same link in the
 *   body's unsubscribe sentence (where the template puts `{{unsubscribe}}`, else at its end).
 * - Landing-page links through the signed click link when the campaign tracks clicks, else the page's own address
 *   with its UTM parameters; an HTML part with the 1×1 open pixel when it tracks opens; a plain-text part always.
 */
import {
  landingPageUrl,
  prospectValues,
  renderTemplate,
  renderedText,
  UNSUBSCRIBE_SENTENCES,
  type RenderedPart,
} from '@prospecta/domain';
import type { CampaignLanguage, LandingPage } from '@prospecta/domain/contract';
import { mailLinkUrl, type LinkSigner } from './links';

/** A mail of the prospect's thread already handed to SMTP (sent, or whose outcome is unknown), oldest first. */
export interface ThreadMail {
  messageId: string;
  /** Its step's subject template (filled for the prospect as it was when sent). */
  subjectTemplate: string;
  /** Its step started a new thread (the first mail of a sequence does too). */
  newThread: boolean;
}

export interface ComposeInput {
  send: { id: number; messageId: string };
  step: { subject: string; body: string; newThread: boolean };
  campaign: {
    language: CampaignLanguage;
    trackOpens: boolean;
    trackClicks: boolean;
    landingPages: readonly LandingPage[];
  };
  mailbox: { name: string; email: string };
  prospect: {
    email: string;
    first_name: string | null;
    last_name: string | null;
    company_name: string | null;
    position: string | null;
  };
  /** The prospect's earlier mails of this campaign handed to SMTP, oldest first. */
  previous: readonly ThreadMail[];
  links: { publicUrl: string; signer: LinkSigner };
}

/** A mail ready for SMTP (transport.ts): a campaign's mail, or an answer sent from the inbox (answer.ts). */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: { name: string; address: string };
  subject: string;
  /** Without angle brackets, like the ones below. */
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  /** Headers besides the above (List-Unsubscribe and its one-click POST). */
  headers: Record<string, string>;
  text: string;
  /** Present when the campaign tracks opens (the pixel needs HTML). */
  html: string | null;
}

export interface ComposedMail extends OutgoingMail {
  /** The links the mail carries, for the record. */
  unsubscribeUrl: string;
  openUrl: string | null;
}

const RE = /^\s*re\s*:/i;

/** The mails of the thread a follow-up answers: from the last one that started a thread. */
function currentThread(previous: readonly ThreadMail[]): ThreadMail[] {
  let start = 0;
  previous.forEach((mail, index) => {
    if (mail.newThread) start = index;
  });
  return previous.slice(start);
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Text as HTML: escaped, line breaks kept. */
const htmlText = (text: string) => escapeHtml(text).replaceAll(/\r?\n/g, '<br>\n');

/** A link as HTML. */
const htmlLink = (url: string, label: string) =>
  `<a href="${escapeHtml(url)}">${htmlText(label)}</a>`;

/** The sentence with its `{url}` as a link (HTML). */
function unsubscribeHtml(language: CampaignLanguage, url: string): string {
  const [before = '', after = ''] = UNSUBSCRIBE_SENTENCES[language].split('{url}');
  return `${htmlText(before)}${htmlLink(url, url)}${htmlText(after)}`;
}

/** The subject of a mail: one line (a template's line breaks would break the header's meaning). */
const oneLine = (text: string) => text.replaceAll(/\s*[\r\n]+\s*/g, ' ').trim();

export function composeMail(input: ComposeInput): ComposedMail {
  const { send, step, campaign, mailbox, prospect, links } = input;
  const link = (payload: Parameters<typeof mailLinkUrl>[2]) =>
    mailLinkUrl(links.publicUrl, links.signer, payload);
  const unsubscribeUrl = link({ kind: 'unsubscribe', sendId: send.id });
  const openUrl = campaign.trackOpens ? link({ kind: 'open', sendId: send.id }) : null;
  const context = {
    language: campaign.language,
    values: prospectValues(prospect),
    landingPages: campaign.landingPages,
    unsubscribeUrl,
  };

  // The thread: a follow-up answers the mails since the last one that started a thread.
  const thread = step.newThread ? [] : currentThread(input.previous);
  const first = thread[0];
  const last = thread.at(-1);
  const subjectOf = (template: string) => oneLine(renderedText(renderTemplate(template, context)));
  const firstSubject = first ? subjectOf(first.subjectTemplate) : null;
  const subject =
    firstSubject === null
      ? subjectOf(step.subject)
      : RE.test(firstSubject)
        ? firstSubject
        : `Re: ${firstSubject}`;

  // The body: landing-page links tracked (or with their UTM), the unsubscribe sentence where the template says.
  const pages = new Map(campaign.landingPages.map((page) => [page.key, page]));
  const parts = renderTemplate(step.body, context).map((part): RenderedPart => {
    if (part.kind !== 'link') return part;
    const page = pages.get(part.key);
    if (!page) return part;
    return {
      ...part,
      url: campaign.trackClicks
        ? link({ kind: 'click', sendId: send.id, page: page.key })
        : landingPageUrl(page),
    };
  });
  const hasUnsubscribe = parts.some((part) => part.kind === 'unsubscribe');
  const sentence = UNSUBSCRIBE_SENTENCES[campaign.language].replace('{url}', unsubscribeUrl);
  const body = renderedText(parts).replace(/\s+$/, '');
  const text = hasUnsubscribe ? `${body}\n` : `${body}\n\n${sentence}\n`;

  let html: string | null = null;
  if (openUrl) {
    const inner = parts
      .map((part) => {
        if (part.kind === 'link')
          return part.url ? htmlLink(part.url, part.text) : htmlText(part.text);
        if (part.kind === 'unsubscribe') return unsubscribeHtml(campaign.language, part.url);
        return htmlText(part.text);
      })
      .join('')
      .replace(/(<br>\n|\s)+$/, '');
    const footer = hasUnsubscribe
      ? ''
      : `<br>\n<br>\n${unsubscribeHtml(campaign.language, unsubscribeUrl)}`;
    html =
      `<!DOCTYPE html><html lang="${campaign.language}"><head><meta charset="utf-8"></head><body>` +
      `<div>${inner}${footer}</div>` +
      `<img src="${escapeHtml(openUrl)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">` +
      `</body></html>`;
  }

  const fullName = [prospect.first_name, prospect.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    from: { name: mailbox.name, address: mailbox.email },
    to: { name: fullName, address: prospect.email },
    subject,
    messageId: send.messageId,
    inReplyTo: last ? last.messageId : null,
    references: thread.map((mail) => mail.messageId),
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    text,
    html,
    unsubscribeUrl,
    openUrl,
  };
}
