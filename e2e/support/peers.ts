import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The peers of the end-to-end run: a Dovecot (IMAP, XOAUTH2 through the local provider), an SMTP server and
 * a local OAuth provider standing in for Google, started on free ports by `serve-with-peers.ts` before the server. It
 * writes where they listen to `peersFile(port)`; the tests read it with `readPeers()`.
 */
export interface E2ePeers {
  /** The Dovecot ports (IMAP with STARTTLS, implicit TLS) and SMTP ports (STARTTLS, implicit TLS) on 127.0.0.1. */
  imap: { starttls: number; implicit: number };
  smtp: { starttls: number; implicit: number };
  /** A port of 127.0.0.1 where nothing listens (the server may connect there: MAIL_PORTS names it). */
  closedPort: number;
  /** The self-signed certificate of both (the server trusts it through NODE_EXTRA_CA_CERTS). */
  caFile: string;
  /** The local provider standing in for Google (its consent page asks for the address to sign in as). */
  oauthIssuer: string;
  /** Mailboxes of Dovecot and the SMTP server (a password login delivers test mail; the app signs in with XOAUTH2). */
  mailboxes: {
    /** A mailbox the 'Other' form adds with its password. */
    other: { user: string; password: string };
    /** A second one, added with a wrong password. */
    wrongPassword: { user: string; password: string };
    /** The Gmail mailbox the webmail sign-in connects (customer). */
    gmail: { user: string; password: string };
    /** The Gmail mailbox whose new mail the watch imports (other customer). */
    watchedGmail: { user: string; password: string };
    /** The sending server's customer's mailbox, the sender of its campaigns. */
    sender: { user: string; password: string };
  };
  /** Where the SMTP peer writes each mail it accepts (`000001.json`, … : `ReceivedMail` of mail-peers.ts). */
  smtpReceivedDir: string;
  /** What a server needs in its environment to reach the peers (their certificate, the mail-host policy). */
  mailEnv: Record<string, string>;
}

export const peersFile = (port: number | string) =>
  join(tmpdir(), `prospecta-e2e-peers-${port}.json`);

export function readPeers(): E2ePeers {
  return JSON.parse(readFileSync(peersFile(process.env.E2E_PORT ?? 3100), 'utf8')) as E2ePeers;
}
