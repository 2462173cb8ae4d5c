import { simpleParser, type ParsedMail } from 'mailparser';
import type { MailPeers } from './mail-peers';

/** The last mail the SMTP peer accepted, parsed. */
export async function lastReceived(peers: MailPeers): Promise<ParsedMail> {
  const mail = peers.smtpControl.received.at(-1);
  if (!mail) throw new Error('nothing received');
  return simpleParser(mail.raw);
}

/** A header's value as received, unfolded. */
export function headerOf(mail: ParsedMail, key: string): string {
  const line = mail.headerLines.find((h) => h.key === key)?.line ?? '';
  return line
    .replace(/\r?\n[ \t]+/g, ' ')
    .slice(line.indexOf(':') + 1)
    .trim();
}
