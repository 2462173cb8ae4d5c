/**
 * The end-to-end suite's web server command (e2e/playwright.config.ts): starts the mail and OAuth peers of
 * apps/api/test/peers on free ports, writes where they are (support/peers.ts), then runs the built server
 * (`node apps/api/dist/main.js`) with their addresses in its environment, and stops everything on SIGTERM.
 *
 * Playwright starts its web server before any global setup, so a global setup could not hand the server these
 * addresses: this command does both. Run it with `node --import tsx` from the repository's root.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { peersMailHosts, startMailPeers } from '../../apps/api/test/peers/mail-peers';
import { startOAuthPeer } from '../../apps/api/test/peers/oauth-peer';
import { peersFile, type E2ePeers } from './peers';

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

// A fresh embedded database for this run, removed at the end (unless the caller gave its own DATA_DIR).
const ownDataDir = process.env.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'prospecta-e2e-'));

// Where the SMTP peer writes each mail it accepts, for the tests to read.
const receivedDir = mkdtempSync(join(tmpdir(), 'prospecta-e2e-smtp-'));

const oauth = await startOAuthPeer();
const mail = await startMailPeers(Object.values(mailboxes), {
  oauth: { introspectionUrl: oauth.introspectionUrl },
  receivedDir,
});
const mailHosts = peersMailHosts(mail);
const file = peersFile(port);
const mailEnv = {
  // The peers' self-signed certificate, trusted like a company CA (no option of the server's own).
  NODE_EXTRA_CA_CERTS: mail.caFile,
  // The mail peers listen on this machine, on free ports: the users' mail servers this run may reach.
  MAIL_HOST_ALLOWLIST: mailHosts.allow.join(','),
  MAIL_PORTS: mailHosts.extraPorts.join(','),
};
const peers: E2ePeers = {
  imap: mail.imap,
  smtp: mail.smtp,
  closedPort: mail.closedPort,
  caFile: mail.caFile,
  oauthIssuer: oauth.issuer,
  mailboxes,
  smtpReceivedDir: receivedDir,
  mailEnv,
};
writeFileSync(file, JSON.stringify(peers, null, 2));

const server = spawn(process.execPath, ['apps/api/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...mailEnv,
    OAUTH_GOOGLE_ISSUER: oauth.issuer,
    OAUTH_GOOGLE_IMAP: `127.0.0.1:${mail.imap.implicit}`,
  },
});

let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await mail.close().catch(() => undefined);
    await oauth.close().catch(() => undefined);
    rmSync(file, { force: true });
    rmSync(receivedDir, { recursive: true, force: true });
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  }
  process.exit(code);
}
process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));
// The server stopped by itself (a crash, a port in use): stop the peers too, with its exit code.
server.once('exit', (code) => {
  if (!stopping) void stop(code ?? 1);
});
