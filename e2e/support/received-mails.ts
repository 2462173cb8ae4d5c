import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A mail the SMTP peer accepted (support/serve-with-peers.ts writes them), with what mailparser reads of it. */
export interface ReceivedMail {
  /** Its file's name: the order in which the peer accepted it. */
  file: string;
  /** The SMTP session's authenticated user and envelope. */
  user: string;
  mailFrom: string;
  rcptTo: string[];
  raw: string;
  parsed: ParsedMail;
  /** A header field as the mail carries it (the first one of that name), unfolded; '' when absent. */
  header(name: string): string;
}

/** The raw value of a header field (unfolded), read from the source: mailparser turns some into objects. */
function rawHeader(raw: string, name: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const line = head
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

const cache = new Map<string, ReceivedMail>();

/** Every mail the peer accepted so far, in order of acceptance, whose envelope matches `filter`. */
export async function receivedMails(
  dir: string,
  filter: (mail: { rcptTo: string[] }) => boolean = () => true,
): Promise<ReceivedMail[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d+\.json$/.test(f))
    .sort();
  const mails: ReceivedMail[] = [];
  for (const file of files) {
    let mail = cache.get(file);
    if (!mail) {
      const stored = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        user: string;
        mailFrom: string;
        rcptTo: string[];
        raw: string;
      };
      const parsed = await simpleParser(stored.raw);
      mail = { file, ...stored, parsed, header: (name) => rawHeader(stored.raw, name) };
      cache.set(file, mail);
    }
    if (filter(mail)) mails.push(mail);
  }
  return mails;
}
