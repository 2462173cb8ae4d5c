import { z } from 'zod';

/**
 * The kinds of value an environment variable holds, each a zod schema from the raw string to its typed value.
 * Every message says what is expected and what was given; the variable's name is put in front of it when the
 * issue is reported (see settingsError in schema.ts), e.g. `ACCESS_TOKEN_TTL must be a duration such as … (got "soon")`.
 */

/** A conversion that may refuse its input: `convert` returns null for a refused value. */
function converted<T>(convert: (raw: string) => T | null, expected: string) {
  return z.string().transform((raw, ctx): T => {
    const value = convert(raw);
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: `must be ${expected} (got "${raw}")`, input: raw });
      return z.NEVER;
    }
    return value;
  });
}

/** An integer, at least `min`. */
export function integer(min = 1) {
  return converted((raw) => {
    const value = Number(raw);
    return Number.isInteger(value) && value >= min ? value : null;
  }, `an integer ≥ ${min}`);
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** A number of seconds that may have a decimal part (`0.5`, `2`), at least `min`. */
export function seconds(min: number) {
  return converted((raw) => {
    const value = Number(raw.trim());
    return /^\d+(\.\d+)?$/.test(raw.trim()) && value >= min ? value : null;
  }, `a number of seconds ≥ ${min} such as 2 or 0.5`);
}

/** A duration in seconds: `900`, `900s`, `15m`, `1h`, `30d`. */
export function parseDuration(raw: string): number | null {
  const match = /^(\d+)\s*([smhd]?)$/.exec(raw.trim());
  if (!match) return null;
  const value = Number(match[1]) * (UNIT_SECONDS[match[2] || 's'] ?? 1);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/** A duration (seconds, or with a unit: 15s, 15m, 1h, 30d); `allowZero` accepts 0 for "off". */
export function duration({ allowZero = false } = {}) {
  return converted(
    (raw) => (allowZero && /^0+\s*[smhd]?$/.test(raw.trim()) ? 0 : parseDuration(raw)),
    `a duration such as ${allowZero ? '0 (off), ' : ''}900, 900s, 15m, 1h or 30d`,
  );
}

/** true/false, also 1/0 and yes/no, in any case. */
export function flag() {
  return z.stringbool({
    truthy: ['1', 'true', 'yes'],
    falsy: ['0', 'false', 'no'],
    case: 'insensitive',
    error: (issue) => `must be true or false (got "${String(issue.input)}")`,
  });
}

/** One of `values`; `phrase` says them the way the message reads best ("off, log or strict"). */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, phrase?: string) {
  return z.enum(values, {
    error: (issue) =>
      `must be ${phrase ?? `one of ${values.join(', ')}`} (got "${String(issue.input)}")`,
  });
}

/** A comma-separated list of https origins (`https://host[:port]`, no path); an empty value is an empty list. */
export function origins() {
  return z.string().transform((raw, ctx): string[] => {
    if (raw.trim() === '') return [];
    const list: string[] = [];
    for (const item of raw.split(',')) {
      const value = item.trim();
      let origin: string | null = null;
      try {
        const url = new URL(value);
        if (url.protocol === 'https:' && url.origin === value.replace(/\/$/, ''))
          origin = url.origin;
      } catch {
        origin = null;
      }
      if (!origin) {
        ctx.addIssue({
          code: 'custom',
          message: `must list https origins such as https://widget.example.com, separated by commas (got "${value}")`,
          input: raw,
        });
        return z.NEVER;
      }
      list.push(origin);
    }
    return list;
  });
}

/** `host:port` (an IPv6 address in brackets); without a port, `defaultPort`. */
export function hostAndPort(defaultPort: number) {
  return converted((raw) => {
    const match = /^(\[[^\]]+\]|[^:\s/]+)(?::(\d{1,5}))?$/.exec(raw.trim());
    const port = match?.[2] === undefined ? defaultPort : Number(match[2]);
    if (!match?.[1] || !Number.isInteger(port) || port < 1 || port > 65535) return null;
    return { host: match[1].replace(/^\[|\]$/g, ''), port };
  }, 'a host and port such as imap.example.com:993');
}

/** http:// is only accepted for a provider on this machine (a local test provider). */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** An https URL; plain http only for a server on this machine. */
export function httpsUrl() {
  return z.string().transform((raw, ctx): string => {
    const value = raw.trim();
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be a URL (got "${value}")`, input: raw });
      return z.NEVER;
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(url))) {
      ctx.addIssue({
        code: 'custom',
        message: `must be an https URL (http only on this machine) (got "${value}")`,
        input: raw,
      });
      return z.NEVER;
    }
    return value;
  });
}

/** A list of words separated by spaces or commas. */
export function words() {
  return z.string().transform((raw) => raw.split(/[\s,]+/).filter(Boolean));
}

/** Free text, trimmed. */
export function text() {
  return z.string().transform((raw) => raw.trim());
}

/** A comma-separated list whose every item `accept`s; an empty value is an empty list. */
function listOf<T>(accept: (item: string) => T | null, expected: string) {
  return z.string().transform((raw, ctx): T[] => {
    const list: T[] = [];
    for (const item of raw
      .split(',')
      .map((i) => i.trim())
      .filter(Boolean)) {
      const value = accept(item);
      if (value === null) {
        ctx.addIssue({
          code: 'custom',
          message: `must list ${expected} (got "${item}")`,
          input: raw,
        });
        return z.NEVER;
      }
      list.push(value);
    }
    return list;
  });
}

/** Comma-separated TCP ports (1 to 65535). */
export function ports() {
  return listOf((item) => {
    const port = Number(item);
    return /^\d+$/.test(item) && port >= 1 && port <= 65535 ? port : null;
  }, 'ports from 1 to 65535 separated by commas');
}

/** Comma-separated host names, addresses and CIDR ranges (`mail.internal, 10.0.0.0/8, ::1`). */
export function hostsAndRanges(accept: (item: string) => boolean) {
  return listOf(
    (item) => (accept(item) ? item : null),
    'host names, addresses or CIDR ranges such as 10.0.0.0/8 separated by commas',
  );
}
