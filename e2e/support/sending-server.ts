import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import type { E2ePeers } from './peers';

/** The sending server's day of a step's delay, in seconds (SENDING_TEST_DAY). */
export const SENDING_TEST_DAY_SECONDS = 15;

/** Its users (the demo password): a staff member and a customer whose mailbox on the peers sends. */
export const SENDING_USERS = {
  staff: {
    email: 'staff@sending.example',
    first_name: 'Sacha',
    last_name: 'Staff',
    is_staff: true,
    company: 'Prospecta',
  },
  customer: {
    email: 'claire.morel@atelier-morel.example',
    first_name: 'Claire',
    last_name: 'Morel',
    is_staff: false,
    company: 'Atelier Morel',
  },
} as const;

export interface SendingServer {
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts the sending server (support/serve-sending.ts) beside the peers, for the tests of one file: it costs the
 * others nothing. Answers once its /config.json answers; stops it and throws when it has not within `timeoutMs`.
 */
export async function startSendingServer(
  peers: E2ePeers,
  { timeoutMs }: { timeoutMs: number },
): Promise<SendingServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/serve-sending.ts'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...peers.mailEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      NODE_ENV: 'test',
      APP_ENV: 'ci',
      ACCESS_TOKEN_TTL: '15s',
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
      LOGIN_RATE_LIMIT_PER_ADDRESS: '1000',
      MAIL_WATCH_INTERVAL: '1',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the sending server stopped (${child.exitCode})`);
    const ok = await fetch(`${url}/config.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the sending server did not answer within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
