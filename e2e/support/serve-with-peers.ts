/**
 * The end-to-end suite's web server command (e2e/playwright.config.ts): starts the mail and OAuth peers of
 * apps/api/test/peers on free ports, writes where they are (support/peers.ts), then runs the built server
 * (`node apps/api/dist/main.js`) with their addresses in its environment, and stops everything on SIGTERM.
 *
 * Beside it runs a second server, the sending one (`E2ePeers.sending`): its own empty database with one staff member
 * and one customer, the sending engine on with shortened days (SENDING_TEST_DAY) and no mail catcher, so that its
 * campaigns' mails reach the SMTP peer. The demo world of the first server has running campaigns that other files
 * read as seeded: an engine there would send them.
 *
 * Playwright starts its web server before any global setup, so a global setup could not hand the server these
 * addresses: this command does both. Run it with `node --import tsx` from the repository's root.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../apps/api/src/db/index';
import { insertUser } from '../../apps/api/src/seed/campaigns';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/demo';
import { OWASP_SCRYPT_PARAMS, hashPassword } from '../../apps/api/src/security/password';
import { freePort } from '../../apps/api/test/peers/free-port';
import { peersMailHosts, startMailPeers } from '../../apps/api/test/peers/mail-peers';
import { startOAuthPeer } from '../../apps/api/test/peers/oauth-peer';
import { peersFile, SENDING_TEST_DAY_SECONDS, type E2ePeers } from './peers';

const port = process.env.PORT ?? '3100';
const mailboxes: E2ePeers['mailboxes'] = {
  other: { user: 'contact@moreau-solutions-rh.fr', password: 'contact-mailbox-password' },
  wrongPassword: {
    user: 'direction@moreau-solutions-rh.fr',
    password: 'direction-mailbox-password',
  },
  gmail: { user: 'julien.moreau@gmail.example', password: 'gmail-delivery-password' },
  watchedGmail: { user: 'emma.clarke@gmail.example', password: 'gmail-delivery-password' },
  sender: { user: 'claire.morel@atelier-morel.example', password: 'sender-mailbox-password' },
};
const sendingUsers: E2ePeers['sending']['users'] = {
  staff: { email: 'staff@sending.example', full_name: 'Sacha Staff' },
  customer: { email: 'claire.morel@atelier-morel.example', full_name: 'Claire Morel' },
};

// A fresh embedded database for this run, removed at the end (unless the caller gave its own DATA_DIR).
const ownDataDir = process.env.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'prospecta-e2e-'));

// The sending server's own directory: its database, uploads and development secrets.
const sendingDir = mkdtempSync(join(tmpdir(), 'prospecta-e2e-sending-'));
const receivedDir = join(sendingDir, 'smtp-received');
mkdirSync(receivedDir);

const oauth = await startOAuthPeer();
const mail = await startMailPeers(Object.values(mailboxes), {
  oauth: { introspectionUrl: oauth.introspectionUrl },
  receivedDir,
});
const mailHosts = peersMailHosts(mail);
const file = peersFile(port);
const sendingPort = await freePort();
const peers: E2ePeers = {
  imap: mail.imap,
  smtp: mail.smtp,
  closedPort: mail.closedPort,
  caFile: mail.caFile,
  oauthIssuer: oauth.issuer,
  mailboxes,
  smtpReceivedDir: receivedDir,
  sending: { url: `http://127.0.0.1:${sendingPort}`, users: sendingUsers },
};
writeFileSync(file, JSON.stringify(peers, null, 2));

const peerEnv = {
  // The peers' self-signed certificate, trusted like a company CA (no option of the server's own).
  NODE_EXTRA_CA_CERTS: mail.caFile,
  OAUTH_GOOGLE_ISSUER: oauth.issuer,
  OAUTH_GOOGLE_IMAP: `127.0.0.1:${mail.imap.implicit}`,
  // The mail peers listen on this machine, on free ports: the users' mail servers this run may reach.
  MAIL_HOST_ALLOWLIST: mailHosts.allow.join(','),
  MAIL_PORTS: mailHosts.extraPorts.join(','),
};

const server = spawn(process.execPath, ['apps/api/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...peerEnv,
  },
});

// The sending server's users, written before it starts (it seeds no demo world into a database that has users).
const sendingDataDir = join(sendingDir, 'db');
{
  const database = await openDatabase({ kind: 'pglite', dataDir: sendingDataDir });
  try {
    const hash = await hashPassword(DEMO_PASSWORD, OWASP_SCRYPT_PARAMS);
    for (const [role, user] of Object.entries(sendingUsers)) {
      const [first, last] = user.full_name.split(' ');
      await insertUser(
        database.db,
        {
          email: user.email,
          first_name: first!,
          last_name: last!,
          is_staff: role === 'staff',
          flags: [],
          company: {
            name: role === 'staff' ? 'Prospecta' : 'Atelier Morel',
            website: '',
            activity: '',
            description: '',
          },
        },
        hash,
      );
    }
  } finally {
    await database.close();
  }
}
const sending: ChildProcess = spawn(process.execPath, ['apps/api/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...peerEnv,
    PORT: String(sendingPort),
    DATA_DIR: sendingDataDir,
    PUBLIC_URL: peers.sending.url,
    SEED_DEMO: 'false',
    SENDING_ENGINE: 'true',
    SENDING_TEST_DAY: String(SENDING_TEST_DAY_SECONDS),
    // Campaign mails go to the customers' mailboxes' servers (the peers), not to a catcher.
    MAIL_CATCHER: 'false',
    JOBS_POLL_INTERVAL: '1',
  },
});

let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.all(
      [server, sending].map(async (child) => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }
      }),
    );
    await mail.close().catch(() => undefined);
    await oauth.close().catch(() => undefined);
    rmSync(file, { force: true });
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    rmSync(sendingDir, { recursive: true, force: true });
  }
  process.exit(code);
}
process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));
// A server stopped by itself (a crash, a port in use): stop the other and the peers too, with its exit code.
for (const child of [server, sending])
  child.once('exit', (code) => {
    if (!stopping) void stop(code ?? 1);
  });
