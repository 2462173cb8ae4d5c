import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index';
import { API_ROOT, APP_VERSION, DEMO_PASSWORD, migratedDataDir } from './helpers';
import { freePort } from './peers/free-port';

/**
 * Crash test: the real server process on an embedded data directory, concurrent writes,
 * kill -9 in the middle of them, then the database opened again: every write the server acknowledged is there.
 * (Also proves a lock left by a killed process is taken over.) No timed assertions: only generous timeouts.
 */
const root = mkdtempSync(join(tmpdir(), 'prospecta-crash-'));
let server: ChildProcess | null = null;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

async function waitUntilUp(base: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('kill -9 during concurrent writes', () => {
  it('keeps every acknowledged write', async () => {
    // A migrated directory (helpers.ts): the server seeds the demo data into it, as on a first start.
    const dataDir = await migratedDataDir(join(root, 'pglite'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', join(API_ROOT, 'src', 'main.ts')], {
      cwd: API_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEV_SECRETS_FILE: join(root, 'secrets.json'),
        APP_ENV: 'ci',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
      },
      stdio: 'ignore',
    });
    await waitUntilUp(base, server);
    const headers = { 'content-type': 'application/json', 'x-app-version': APP_VERSION };
    const login = await fetch(`${base}/api/v2/auth/token/get`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'staff@example.com', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };
    const auth = { ...headers, authorization: `Bearer ${access}` };
    const prospect = (await (
      await fetch(`${base}/api/v2/prospects/1`, { headers: auth })
    ).json()) as { id: number };
    expect(prospect.id).toBe(1);

    const acknowledged: number[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i += 1) {
        try {
          const res = await fetch(`${base}/api/v1/prospects/1/comment`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ content: `crash ${w}-${i}` }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    while (acknowledged.length < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGKILL');
    stop = true;
    await exited;
    await Promise.all(writers);

    // Restart the embedded database on the same directory (the killed server's lock is stale).
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await database.db
        .selectFrom('comments')
        .select('id')
        .where('id', 'in', acknowledged)
        .execute();
      expect(new Set(rows.map((r) => r.id)).size).toBe(new Set(acknowledged).size);
    } finally {
      await database.close();
    }
  }, 240_000);
});
