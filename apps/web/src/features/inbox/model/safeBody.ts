import DOMPurify from 'dompurify';

/**
 * Message bodies (§2 Inbox) come from outside: a prospect's e-mail may hold any HTML. They are never
 * inserted raw. HTML bodies go through DOMPurify with a short allow-list (text formatting, lists, tables, links,
 * images); plain-text bodies are escaped and their web and mail addresses made clickable.
 * - No script, style, form, frame, object, SVG or MathML element survives; no event handler, no `style` attribute
 *   (CSS tricks: overlays, hidden text), no `id`/`name` (DOM clobbering), no `srcset`, no `formaction`.
 * - Links keep only http(s) and mailto targets and always open in a new tab with noopener, noreferrer.
 * - Remote images are not loaded: their address moves to `data-blocked-src` until the reader asks for them
 *   (`allowImages`), and only http(s) images are ever restored. Inline `data:` images are dropped too (they could
 *   hold an SVG).
 */
export interface SafeBody {
  /** Sanitised HTML, safe to insert. */
  html: string;
  /** How many remote images the body holds that are not (yet) loaded. */
  blockedImages: number;
}

const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'width', 'height'];
const SAFE_LINK = /^(?:https?:|mailto:)/i;
const SAFE_IMAGE = /^https?:/i;

/** Whether a body is HTML (an e-mail) rather than plain text (a LinkedIn message, a text e-mail). */
export function looksLikeHtml(content: string): boolean {
  return /<\/?[a-z][\s\S]*?>/i.test(content) || /&(?:[a-z]+|#\d+|#x[\da-f]+);/i.test(content);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const URL_PATTERN = /\b(?:https?:\/\/[^\s<>"']+|www\.[^\s<>"']+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)/gi;

/** Plain text as HTML: escaped, line breaks kept, web and e-mail addresses made into links. */
export function textToHtml(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let raw = match[0];
    // A sentence's final punctuation is not part of the address.
    const trailing = /[.,;:!?)\]]+$/.exec(raw)?.[0] ?? '';
    raw = raw.slice(0, raw.length - trailing.length);
    const href =
      raw.includes('@') && !raw.includes('/')
        ? `mailto:${raw}`
        : raw.startsWith('www.')
          ? `https://${raw}`
          : raw;
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(href)}">${escapeHtml(raw)}</a>`;
    last = start + raw.length;
  }
  html += escapeHtml(text.slice(last));
  return html.replace(/\r?\n/g, '<br>');
}

let hooked = false;
let allowImagesNow = false;
let blockedCount = 0;

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (!(node instanceof Element)) return;
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_LINK.test(href.trim())) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    if (node.tagName === 'IMG') {
      const src = (node.getAttribute('src') ?? '').trim();
      node.removeAttribute('src');
      if (SAFE_IMAGE.test(src)) {
        if (allowImagesNow) node.setAttribute('src', src);
        else {
          node.setAttribute('data-blocked-src', src);
          blockedCount += 1;
        }
      }
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
}

/** The body of a message as safe HTML (see the module comment). */
export function safeBody(content: string, options: { allowImages?: boolean } = {}): SafeBody {
  installHooks();
  const source = looksLikeHtml(content) ? content : textToHtml(content);
  allowImagesNow = options.allowImages === true;
  blockedCount = 0;
  try {
    const html = DOMPurify.sanitize(source, {
      ALLOWED_TAGS,
      ALLOWED_ATTR,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      ALLOW_UNKNOWN_PROTOCOLS: false,
      SANITIZE_DOM: true,
      KEEP_CONTENT: true,
      WHOLE_DOCUMENT: false,
      FORBID_TAGS: [
        'style',
        'form',
        'input',
        'button',
        'textarea',
        'select',
        'iframe',
        'frame',
        'object',
        'embed',
        'svg',
        'math',
        'base',
        'meta',
        'link',
      ],
      FORBID_ATTR: ['style', 'id', 'name', 'class', 'srcset', 'formaction', 'action', 'background'],
    });
    return { html, blockedImages: blockedCount };
  } finally {
    allowImagesNow = false;
  }
}

/** The first words of a body as plain text (for the list): HTML removed, spaces collapsed, at most `max` characters. */
export function plainSnippet(content: string, max = 160): string {
  let text = content;
  if (looksLikeHtml(content)) {
    const cleaned = DOMPurify.sanitize(content, {
      ALLOWED_TAGS: ['p', 'br', 'div', 'li'],
      ALLOWED_ATTR: [],
      FORBID_TAGS: ['style', 'title'],
    });
    // An inert document: nothing in it loads or runs.
    const doc = new DOMParser().parseFromString(
      cleaned.replace(/<(?:br|\/p|\/div|\/li)\s*\/?>/gi, ' $&'),
      'text/html',
    );
    text = doc.body.textContent ?? '';
  }
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > max ? `${collapsed.slice(0, max - 1)}…` : collapsed;
}
