/**
 * The sending server of e2e/tests/sending.spec.ts (support/sending-server.ts starts it): the built server
 * (`node apps/api/dist/main.js`) on an empty embedded database of its own, in which this writes the staff member and
 * the customer of `SENDING_USERS` (the demo password) before the start, so no demo world is seeded; the sending
 * engine on with shortened days (SENDING_TEST_DAY) and no mail catcher, so that its campaigns' mails reach the
 * customers' mailboxes' servers, the peers. Its environment comes from the caller (PORT, PUBLIC_URL, the peers').
 * Stops the server and removes its files on SIGTERM. Run it with `node --import tsx` from the repository's root.
 *
 * The demo world's server keeps its engine off: its running campaigns are read as seeded by the other files.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../apps/api/src/db/index';
import { insertUser } from '../../apps/api/src/seed/campaigns';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/demo';
import { OWASP_SCRYPT_PARAMS, hashPassword } from '../../apps/api/src/security/password';
import { SENDING_TEST_DAY_SECONDS, SENDING_USERS } from './sending-server';

// Its database, uploads and development secrets.
const dir = mkdtempSync(join(tmpdir(), 'prospecta-e2e-sending-'));
const dataDir = join(dir, 'db');
const database = await openDatabase({ kind: 'pglite', dataDir });
try {
  const hash = await hashPassword(DEMO_PASSWORD, OWASP_SCRYPT_PARAMS);
  for (const user of Object.values(SENDING_USERS))
    await insertUser(
      database.db,
      {
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        is_staff: user.is_staff,
        flags: [],
        company: { name: user.company, website: '', activity: '', description: '' },
      },
      hash,
    );
} finally {
  await database.close();
}

const server = spawn(process.execPath, ['apps/api/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SENDING_ENGINE: 'true',
    SENDING_TEST_DAY: String(SENDING_TEST_DAY_SECONDS),
    // Campaign mails go to the customers' mailboxes' servers (the peers), not to a catcher.
    MAIL_CATCHER: 'false',
    // The deliverer's jobs due a test day later are looked for every second.
    JOBS_POLL_INTERVAL: '1',
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
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(code);
}
process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));
server.once('exit', (code) => {
  if (!stopping) void stop(code ?? 1);
});
