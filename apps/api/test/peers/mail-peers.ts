/**
 * Real mail peers for the server tests, started by the test itself on free ports:
 * Debian's Dovecot (IMAP with STARTTLS, and implicit TLS) configured from ./dovecot.conf,
 * and an SMTP server (the `smtp-server` package) with implicit TLS and STARTTLS listeners.
 * A self-signed certificate is generated with openssl for each run; `ca` is its PEM.
 *
 * The SMTP peer keeps every mail it accepts (`smtpControl.received`) and answers as `smtpControl.behaviour` says: it
 * accepts, refuses the credentials (535), times out (never answers the end of DATA), drops the connection in the middle
 * of DATA, or refuses the recipient temporarily (450) or permanently (550): each failure a sending client must handle.
 * With `hold_answer` it keeps the whole mail (it is in `received`) but never answers the end of DATA: the sender
 * cannot know the mail arrived (a sender killed at that moment leaves a send whose outcome is unknown).
 *
 * With `oauth.introspectionUrl` (an OAuth provider such as ./oauth-peer.ts), Dovecot and the SMTP peer also accept
 * XOAUTH2 logins (SASL, as Gmail and Outlook do): Dovecot's oauth2 passdb and the SMTP peer ask the provider whether
 * the token is active and whose it is (RFC 7662 introspection), and let in the mailbox the token names. Any address
 * can sign in that way; its Maildir is created at the first login.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { freePort } from './free-port';

export const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';

export interface MailUser {
  user: string;
  password: string;
}

export interface MailPeersOptions {
  /** XOAUTH2 logins, checked by this provider's token introspection (form POST `token=…`). */
  oauth?: { introspectionUrl: string };
  /** A Dovecot that does not advertise IDLE after login (as some providers' servers), for the watch's fallback. */
  withoutIdle?: boolean;
  /**
   * A directory where the SMTP peer also writes each mail it accepts, as `<n>.json` (a `ReceivedMail`, numbered in
   * the order of acceptance), for a reader in another process (the end-to-end tests). Written before the answer to
   * DATA, renamed into place whole.
   */
  receivedDir?: string;
}

/** How the SMTP peer answers: see the module's comment. */
export type SmtpBehaviour =
  | 'accept'
  | 'refuse_credentials'
  | 'time_out'
  | 'drop_in_data'
  | 'reply_4xx'
  | 'reply_5xx'
  | 'hold_answer';

export interface ReceivedMail {
  /** The authenticated user. */
  user: string;
  mailFrom: string;
  rcptTo: string[];
  /** The message as received (headers and body). */
  raw: string;
}

export interface SmtpControl {
  behaviour: SmtpBehaviour;
  received: ReceivedMail[];
}

export interface MailPeers {
  ca: Buffer;
  /** The certificate's file (PEM), e.g. for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  imap: { starttls: number; implicit: number };
  smtp: { starttls: number; implicit: number };
  /** How the SMTP peer answers (changeable at any time) and what it accepted. */
  smtpControl: SmtpControl;
  /** A port where nothing listens. */
  closedPort: number;
  users: MailUser[];
  /** Cuts every IMAP connection of a user from the server's side (`doveadm kick`), as a server restart would. */
  kick(user: string): void;
  dir: string;
  close(): Promise<void>;
}

/**
 * The mail-host policy (MAIL_HOST_ALLOWLIST, MAIL_PORTS) that lets the server reach these peers: their address on
 * this machine and their ports, the closed one included.
 */
export function peersMailHosts(peers: Pick<MailPeers, 'imap' | 'smtp' | 'closedPort'>): {
  allow: string[];
  extraPorts: number[];
} {
  return {
    allow: ['127.0.0.1'],
    extraPorts: [
      peers.imap.starttls,
      peers.imap.implicit,
      peers.smtp.starttls,
      peers.smtp.implicit,
      peers.closedPort,
    ],
  };
}

/** What the peer reaches of smtp-server's connections (to cut one in the middle of DATA). */
interface SMTPConnectionLike {
  id: string;
  _socket: { destroy(): void };
}

async function waitForPort(port: number, timeoutMs: number, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Dovecot did not listen on ${port} within ${timeoutMs} ms:\n${log()}`);
}

function uidOf(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`No system user ${name}`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function listenOnAnyPort(server: SMTPServer): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
}

export async function startMailPeers(
  users: MailUser[],
  options: MailPeersOptions = {},
): Promise<MailPeers> {
  const dir = mkdtempSync(join(os.tmpdir(), 'prospecta-mail-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const key = readFileSync(join(dir, 'key.pem'));
  const cert = readFileSync(join(dir, 'cert.pem'));
  const root = process.getuid?.() === 0;
  const me = os.userInfo();
  const owner = root ? uidOf('dovecot') : { uid: me.uid, gid: me.gid };
  const ports = {
    imap: await freePort(),
    imaps: await freePort(),
    smtp: 0,
    smtps: 0,
    closed: await freePort(),
  };
  for (const sub of ['run', 'state', 'mail', 'home']) mkdirSync(join(dir, sub));
  if (root) {
    // Dovecot's auth and mail processes run as the dovecot user: let them into the directory.
    chmodSync(dir, 0o755);
    chownSync(join(dir, 'mail'), owner.uid, owner.gid);
    chownSync(join(dir, 'home'), owner.uid, owner.gid);
  }
  writeFileSync(
    join(dir, 'users'),
    users.map((u) => `${u.user}:{PLAIN}${u.password}::::::`).join('\n') + '\n',
  );
  const template = readFileSync(
    join(dirname(fileURLToPath(import.meta.url)), 'dovecot.conf'),
    'utf8',
  );
  const conf = template
    .replaceAll('@DIR@', dir)
    .replaceAll('@LOGIN_USER@', root ? 'dovenull' : me.username)
    .replaceAll('@INTERNAL_USER@', root ? 'dovecot' : me.username)
    .replaceAll('@UID@', String(owner.uid))
    .replaceAll('@GID@', String(owner.gid))
    .replaceAll('@IMAP_PORT@', String(ports.imap))
    .replaceAll('@IMAPS_PORT@', String(ports.imaps));
  writeFileSync(
    join(dir, 'dovecot.conf'),
    options.withoutIdle
      ? // Dovecot's own capability list after login, less IDLE (the command itself still works: only the advertisement goes).
        `${conf}\nimap_capability = IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE SORT THREAD=REFERENCES MULTIAPPEND UNSELECT CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED I18NLEVEL=1 CONDSTORE QRESYNC ESEARCH SEARCHRES LIST-STATUS BINARY MOVE LITERAL+ SPECIAL-USE\n`
      : conf,
  );
  if (options.oauth) {
    writeFileSync(
      join(dir, 'oauth2.conf'),
      [
        'auth_mechanisms = $auth_mechanisms xoauth2',
        'passdb {',
        '  driver = oauth2',
        '  mechanisms = xoauth2',
        `  args = ${join(dir, 'dovecot-oauth2.conf.ext')}`,
        '}',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'dovecot-oauth2.conf.ext'),
      [
        'introspection_mode = post',
        `introspection_url = ${options.oauth.introspectionUrl}`,
        'force_introspection = yes',
        'username_attribute = email',
        'active_attribute = active',
        'active_value = true',
        '',
      ].join('\n'),
    );
  }
  const logFile = join(dir, 'dovecot.log');
  const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '(no log)');
  const dovecot: ChildProcess = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  dovecot.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  await waitForPort(ports.imaps, 10_000, () => stderr + readLog());
  await waitForPort(ports.imap, 10_000, () => stderr + readLog());

  const smtpControl: SmtpControl = { behaviour: 'accept', received: [] };
  const servers: SMTPServer[] = [];
  /** Cuts the connection of a session at once (as a crashed server or a broken network would). */
  const drop = (sessionId: string) => {
    for (const server of servers) {
      const connections = (server as unknown as { connections: Set<SMTPConnectionLike> })
        .connections;
      for (const connection of connections)
        if (connection.id === sessionId) connection._socket.destroy();
    }
  };
  /** XOAUTH2 (with `oauth`): the provider's introspection says whether the token is active and whose it is. */
  const tokenOwner = async (token: string): Promise<string | null> => {
    if (!options.oauth) return null;
    const res = await fetch(options.oauth.introspectionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    const answer = (await res.json()) as { active?: boolean; email?: string };
    return answer.active === true && typeof answer.email === 'string' ? answer.email : null;
  };
  const onAuth: SMTPServerOptions['onAuth'] = (auth, _session, callback) => {
    const refuse = () =>
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    if (smtpControl.behaviour === 'refuse_credentials') return refuse();
    if (auth.method === 'XOAUTH2') {
      tokenOwner(auth.accessToken ?? '').then(
        (owner) => (owner === auth.username ? callback(null, { user: auth.username }) : refuse()),
        () => refuse(),
      );
      return;
    }
    if (users.some((u) => u.user === auth.username && u.password === auth.password))
      callback(null, { user: auth.username });
    else refuse();
  };
  const smtpOptions: SMTPServerOptions = {
    key,
    cert,
    authMethods: options.oauth ? ['PLAIN', 'LOGIN', 'XOAUTH2'] : ['PLAIN', 'LOGIN'],
    onAuth,
    logger: false,
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      if (smtpControl.behaviour === 'reply_4xx')
        callback(
          Object.assign(new Error('4.2.1 Mailbox temporarily unavailable, try again later'), {
            responseCode: 450,
          }),
        );
      else if (smtpControl.behaviour === 'reply_5xx')
        callback(
          Object.assign(new Error(`5.1.1 <${address.address}>: no such user here`), {
            responseCode: 550,
          }),
        );
      else callback();
    },
    onData(stream, session, callback) {
      const behaviour = smtpControl.behaviour;
      const chunks: Buffer[] = [];
      let dropped = false;
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (behaviour === 'drop_in_data' && !dropped) {
          dropped = true;
          drop(session.id);
        }
      });
      stream.on('end', () => {
        if (behaviour === 'time_out' || behaviour === 'drop_in_data') return;
        const mail: ReceivedMail = {
          user: String(session.user ?? ''),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        smtpControl.received.push(mail);
        if (options.receivedDir) {
          const name = String(smtpControl.received.length).padStart(6, '0');
          const partial = join(options.receivedDir, `.${name}.json`);
          writeFileSync(partial, JSON.stringify(mail));
          renameSync(partial, join(options.receivedDir, `${name}.json`));
        }
        if (behaviour !== 'hold_answer') callback();
      });
    },
  };
  const smtpStarttls = new SMTPServer({ ...smtpOptions, secure: false });
  const smtpImplicit = new SMTPServer({ ...smtpOptions, secure: true });
  // The SMTP servers take a port from the system as they listen (no window for another test file to take it).
  ports.smtp = await listenOnAnyPort(smtpStarttls);
  ports.smtps = await listenOnAnyPort(smtpImplicit);
  servers.push(smtpStarttls, smtpImplicit);

  return {
    ca: cert,
    caFile: join(dir, 'cert.pem'),
    imap: { starttls: ports.imap, implicit: ports.imaps },
    smtp: { starttls: ports.smtp, implicit: ports.smtps },
    smtpControl,
    closedPort: ports.closed,
    users,
    dir,
    kick(user: string) {
      execFileSync('doveadm', ['-c', join(dir, 'dovecot.conf'), 'kick', user], { stdio: 'ignore' });
    },
    async close() {
      // A connection left hanging (a time-out test) would hold the close for 30 seconds.
      for (const server of servers)
        for (const connection of (server as unknown as { connections: Set<SMTPConnectionLike> })
          .connections)
          connection._socket.destroy();
      await new Promise<void>((resolve) => smtpStarttls.close(() => resolve()));
      await new Promise<void>((resolve) => smtpImplicit.close(() => resolve()));
      if (dovecot.exitCode === null) {
        const exited = new Promise((resolve) => dovecot.once('exit', resolve));
        dovecot.kill('SIGTERM');
        await exited;
      }
      if (!process.env.KEEP_MAIL_PEERS) rmSync(dir, { recursive: true, force: true });
    },
  };
}
