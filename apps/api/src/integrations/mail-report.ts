/**
 * What the mailbox watch reads in a mail besides its text: whether it is a delivery status notification (RFC 3464:
 * `multipart/report; report-type=delivery-status`) and, if so, each recipient's action and status and the
 * Message-ID of the returned message; whether it was sent by a machine on the person's behalf (an out-of-office
 * answer, RFC 3834); and the Message-IDs of the thread it answers.
 *
 * The report is read from the mail's source: mailparser folds the `message/delivery-status` part into the mail's
 * text, where its per-recipient fields can no longer be told apart from the prose around them.
 */

/** A mail's header fields, names in lower case, each with its values in order (unfolded). */
type Fields = Map<string, string[]>;

/** One recipient of a delivery status notification. */
export interface DeliveryRecipient {
  /** The address the report is about (Final-Recipient, else Original-Recipient), in lower case. */
  address: string | null;
  /** failed, delayed, delivered, relayed, expanded (lower case). */
  action: string;
  /** The RFC 3463 status code (`5.1.1`); null when the report has none. */
  status: string | null;
  /** The remote server's answer (Diagnostic-Code), when given. */
  diagnostic: string | null;
}

export interface DeliveryReport {
  recipients: DeliveryRecipient[];
  /** The Message-ID of the returned message (its headers or whole copy), without angle brackets. */
  originalMessageId: string | null;
}

/** Splits a header block and its body at the first empty line. */
function splitHead(text: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(text);
  if (!match) return { head: text, body: '' };
  return { head: text.slice(0, match.index), body: text.slice(match.index + match[0].length) };
}

/** Header fields (RFC 5322): continuation lines unfolded, names in lower case. */
function parseFields(head: string): Fields {
  const fields: Fields = new Map();
  let last: { name: string; value: string } | null = null;
  const flush = () => {
    if (!last) return;
    const values = fields.get(last.name) ?? [];
    values.push(last.value.trim());
    fields.set(last.name, values);
    last = null;
  };
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && last) {
      last.value += ` ${line.trim()}`;
      continue;
    }
    flush();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = { name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1) };
  }
  flush();
  return fields;
}

const first = (fields: Fields, name: string): string | null => fields.get(name)?.[0] ?? null;

/** A Content-Type's media type (lower case) and parameters (names in lower case, quotes removed). */
function contentType(value: string | null): { type: string; params: Map<string, string> } {
  const [type = '', ...rest] = (value ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const equals = param.indexOf('=');
    if (equals <= 0) continue;
    const name = param.slice(0, equals).trim().toLowerCase();
    let raw = param.slice(equals + 1).trim();
    if (raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2) raw = raw.slice(1, -1);
    params.set(name, raw);
  }
  return { type: type.trim().toLowerCase(), params };
}

/** A part's body decoded from its Content-Transfer-Encoding (a report's parts are rarely encoded, but may be). */
function decodeBody(body: string, encoding: string | null): string {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('latin1');
    case 'quoted-printable':
      return body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    default:
      return body;
  }
}

interface Part {
  fields: Fields;
  body: string;
}

/** The parts of a multipart body (RFC 2046): the text between the boundary lines, before the closing one. */
function splitMultipart(body: string, boundary: string): Part[] {
  const parts: Part[] = [];
  const delimiter = `--${boundary}`;
  const lines = body.split(/\r?\n/);
  let current: string[] | null = null;
  for (const line of lines) {
    const trimmed = line.trimEnd();
    if (trimmed === delimiter || trimmed === `${delimiter}--`) {
      if (current) {
        const { head, body: partBody } = splitHead(current.join('\r\n'));
        parts.push({ fields: parseFields(head), body: partBody });
      }
      if (trimmed.endsWith('--') && trimmed === `${delimiter}--`) return parts;
      current = [];
      continue;
    }
    current?.push(line);
  }
  return parts;
}

/** A Message-ID without its angle brackets and spaces, or null when empty. */
export function bareMessageId(value: string | null | undefined): string | null {
  const bare = (value ?? '').trim().replace(/^<+/, '').replace(/>+$/, '').trim();
  return bare === '' ? null : bare;
}

/** An address field's address (`rfc822; Name@Example.com`, `<a@b>`), in lower case. */
function reportAddress(value: string | null): string | null {
  if (!value) return null;
  const semicolon = value.indexOf(';');
  const address = (semicolon >= 0 ? value.slice(semicolon + 1) : value)
    .trim()
    .replace(/^<|>$/g, '')
    .trim()
    .toLowerCase();
  return address.includes('@') ? address : null;
}

/** The multipart/report part found in a mail, its top level or one level down (some servers wrap it). */
function findReport(fields: Fields, body: string, depth = 0): Part[] | null {
  const { type, params } = contentType(first(fields, 'content-type'));
  const boundary = params.get('boundary');
  if (!type.startsWith('multipart/') || !boundary) return null;
  const parts = splitMultipart(body, boundary);
  if (type === 'multipart/report') {
    return (params.get('report-type') ?? '').toLowerCase() === 'delivery-status' ? parts : null;
  }
  if (depth > 0) return null;
  for (const part of parts) {
    const found = findReport(part.fields, part.body, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The delivery status notification a mail is, or null when it is none: its recipients (each with its action and
 * status) and the returned message's Message-ID (from a `message/rfc822` or `text/rfc822-headers` part, or their
 * RFC 6533 `message/global*` forms).
 */
export function deliveryReport(source: Buffer | string): DeliveryReport | null {
  const text = typeof source === 'string' ? source : source.toString('latin1');
  const { head, body } = splitHead(text);
  const parts = findReport(parseFields(head), body);
  if (!parts) return null;
  const recipients: DeliveryRecipient[] = [];
  let originalMessageId: string | null = null;
  let statusFound = false;
  for (const part of parts) {
    const { type } = contentType(first(part.fields, 'content-type'));
    const content = decodeBody(part.body, first(part.fields, 'content-transfer-encoding'));
    if (type === 'message/delivery-status' || type === 'message/global-delivery-status') {
      statusFound = true;
      // The per-message fields, then one block per recipient, separated by empty lines.
      const blocks = content.split(/\r?\n(?:[ \t]*\r?\n)+/).map(parseFields);
      for (const block of blocks.slice(1)) {
        const action = first(block, 'action');
        if (!action) continue;
        recipients.push({
          address:
            reportAddress(first(block, 'final-recipient')) ??
            reportAddress(first(block, 'original-recipient')),
          action: action.trim().toLowerCase(),
          status: /\d\.\d{1,3}\.\d{1,3}/.exec(first(block, 'status') ?? '')?.[0] ?? null,
          diagnostic: first(block, 'diagnostic-code'),
        });
      }
    } else if (
      type === 'message/rfc822' ||
      type === 'text/rfc822-headers' ||
      type === 'message/global' ||
      type === 'message/global-headers'
    ) {
      originalMessageId ??= bareMessageId(
        first(parseFields(splitHead(content).head), 'message-id'),
      );
    }
  }
  return statusFound ? { recipients, originalMessageId } : null;
}

/**
 * The recipients whose delivery failed for good: action `failed` with a permanent (5.x.x) status, or no status at all.
 * A delayed delivery, or a failure with a temporary (4.x.x) status, is not a bounce: the server still tries, or the
 * sender may.
 */
export function permanentFailures(report: DeliveryReport): DeliveryRecipient[] {
  return report.recipients.filter(
    (r) => r.action === 'failed' && (r.status === null || r.status.startsWith('5.')),
  );
}

/** Subjects of automatic answers (out of office, holidays) in the languages the customers' prospects write. */
const AUTO_REPLY_SUBJECT =
  /^\s*(?:(?:re|aw|tr|fw|fwd)\s*:\s*)*(?:auto(?:matic)?[\s-]*(?:reply|response|answer)|autoreply|auto\s*:|out of (?:the )?office|(?:r[ée]ponse|message) automatique|absence|absent\b|abwesenheit|automatische antwort|risposta automatica|fuera de la oficina|respuesta autom[áa]tica)/i;

/** The header fields a mail parser gives (names in lower case; structured values have a `value`). */
export interface HeaderLookup {
  get(name: string): unknown;
  has(name: string): boolean;
}

function headerText(headers: HeaderLookup, name: string): string | null {
  const value = headers.get(name);
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'value' in value && typeof value.value === 'string')
    return value.value;
  return String(value);
}

/**
 * Whether a mail was sent by a machine on the person's behalf rather than by the person: `Auto-Submitted` other than
 * `no` (RFC 3834), the `X-Autoreply`/`X-Autorespond` fields, `Precedence` auto_reply, bulk or junk, or an
 * out-of-office subject.
 */
export function isAutoReply(headers: HeaderLookup, subject: string | null | undefined): boolean {
  const submitted = headerText(headers, 'auto-submitted');
  if (submitted !== null && submitted.trim().toLowerCase().split(/[\s;]/)[0] !== 'no') return true;
  if (headers.has('x-autoreply') || headers.has('x-autorespond')) return true;
  const precedence = headerText(headers, 'precedence')?.trim().toLowerCase();
  if (precedence === 'auto_reply' || precedence === 'bulk' || precedence === 'junk') return true;
  return AUTO_REPLY_SUBJECT.test(subject ?? '');
}

/**
 * The Message-IDs a mail answers, without angle brackets, nearest first: In-Reply-To, then References from the last
 * (the mail answered) to the first (the thread's start).
 */
export function threadMessageIds(
  inReplyTo: string | undefined,
  references: string | string[] | undefined,
): string[] {
  const ids = (value: string | undefined) =>
    (value ?? '').match(/<[^<>\s]+>/g)?.map((id) => bareMessageId(id) ?? '') ??
    (bareMessageId(value) ? [bareMessageId(value) as string] : []);
  const refs = (Array.isArray(references) ? references : [references ?? ''])
    .flatMap((r) => ids(r))
    .reverse();
  return [...new Set([...ids(inReplyTo), ...refs].filter((id) => id !== ''))];
}
