/**
 * Which mail servers the server may connect to on a user's behalf (the live check of an SMTP/IMAP account, the
 * mailbox watch of a stored one). A user types the host and the port, so without a rule the server would connect
 * anywhere: its own database, a cloud metadata service, a port scan of the private network.
 *
 * The host is resolved once here; the caller connects to the returned address (never to the name, which a second
 * lookup could resolve elsewhere) and keeps the name for TLS (SNI and the certificate check). Every address the name
 * resolves to must be public unicast (ipaddr.js's classification: loopback, private, link-local, carrier-grade NAT,
 * multicast, unspecified, IPv4-mapped, 6to4, NAT64 and the other special ranges are refused), unless the allow-list
 * (MAIL_HOST_ALLOWLIST) names the host or a range holding the address. The port must be a mail port (MAIL_PORTS adds
 * some). A refusal happens before any connection, so its answer says nothing about what listens there.
 */
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** SMTP (25, 465, 587, and 2525 that many providers offer), IMAP (143) and IMAPS (993). */
export const MAIL_PORTS = [25, 465, 587, 2525, 143, 993] as const;

export interface MailHostPolicy {
  /** Host names, addresses and CIDR ranges reachable even though not public (MAIL_HOST_ALLOWLIST). */
  allow: readonly string[];
  /** Ports accepted besides MAIL_PORTS (MAIL_PORTS setting). */
  extraPorts: readonly number[];
}

export type MailHostRefusal = 'address' | 'port' | 'unresolved';

export class MailHostRefused extends Error {
  override name = 'MailHostRefused';
  constructor(
    readonly refusal: MailHostRefusal,
    readonly host: string,
    readonly port: number,
  ) {
    super(`${host}:${port} refused (${refusal})`);
  }
}

/** A checked server: connect to `address`; `servername` (absent for an address typed as such) for TLS. */
export interface ResolvedHost {
  address: string;
  servername?: string;
}

export type HostLookup = (host: string) => Promise<readonly { address: string }[]>;

const systemLookup: HostLookup = (host) => lookup(host, { all: true, verbatim: true });

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** A host name as compared: lower case, without the trailing dot of a fully qualified name. */
function canonicalName(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/** An allow-list entry: a CIDR range, an address (a range of one), else a host name; null when malformed. */
export function parseAllowEntry(raw: string): { range: Range } | { name: string } | null {
  const entry = raw.trim();
  if (!entry) return null;
  if (entry.includes('/')) {
    try {
      return { range: ipaddr.parseCIDR(entry) };
    } catch {
      return null;
    }
  }
  if (net.isIP(entry)) {
    const address = ipaddr.parse(entry);
    return { range: [address, address.kind() === 'ipv4' ? 32 : 128] };
  }
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(entry)
    ? { name: canonicalName(entry) }
    : null;
}

export class MailHostGuard {
  private readonly ranges: Range[] = [];
  private readonly names = new Set<string>();
  private readonly ports: Set<number>;

  constructor(
    policy: MailHostPolicy,
    private readonly lookupHost: HostLookup = systemLookup,
  ) {
    for (const raw of policy.allow) {
      const entry = parseAllowEntry(raw);
      if (!entry) throw new Error(`not a host name, address or CIDR range: ${raw}`);
      if ('range' in entry) this.ranges.push(entry.range);
      else this.names.add(entry.name);
    }
    this.ports = new Set([...MAIL_PORTS, ...policy.extraPorts]);
  }

  /** Whether the server may connect to this address (for a host the allow-list does not name). */
  isAllowedAddress(address: string): boolean {
    if (!ipaddr.isValid(address)) return false;
    const parsed = ipaddr.parse(address);
    if (
      this.ranges.some(([base, bits]) => parsed.kind() === base.kind() && parsed.match(base, bits))
    )
      return true;
    return parsed.range() === 'unicast';
  }

  /** The address to connect to for `host:port`, or MailHostRefused. Never connects. */
  async resolve(host: string, port: number): Promise<ResolvedHost> {
    if (!this.ports.has(port)) throw new MailHostRefused('port', host, port);
    return this.resolveAddress(host, port);
  }

  /**
   * The address rules alone, for a connection on any port (a customer's webhook URL): the address to connect to for
   * `host`, or MailHostRefused ('address' or 'unresolved'). Never connects.
   */
  async resolveAddress(host: string, port: number): Promise<ResolvedHost> {
    const literal = net.isIP(host) !== 0;
    let addresses: string[];
    if (literal) {
      addresses = [host];
    } else {
      try {
        addresses = (await this.lookupHost(host)).map((a) => a.address);
      } catch {
        throw new MailHostRefused('unresolved', host, port);
      }
      if (addresses.length === 0) throw new MailHostRefused('unresolved', host, port);
    }
    const named = !literal && this.names.has(canonicalName(host));
    // Every address must pass, not only the one used: a name that also points inside is refused.
    if (!named && !addresses.every((a) => this.isAllowedAddress(a)))
      throw new MailHostRefused('address', host, port);
    const address = addresses[0] as string;
    return literal ? { address } : { address, servername: host };
  }
}

/** Why a server was refused, as the account's error says it (a name that does not resolve cannot be reached). */
export type MailHostRefusalReason = 'address_refused' | 'port_refused' | 'unreachable';

export function refusalReason(error: MailHostRefused): MailHostRefusalReason {
  if (error.refusal === 'address') return 'address_refused';
  if (error.refusal === 'port') return 'port_refused';
  return 'unreachable';
}
