import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index';
import { DataDirLockedError, lockPath } from '../src/db/lock';
import { API_ROOT, migratedDataDir } from './helpers';

// Each test opens a copy of a migrated directory (helpers.ts): the lock is what they test, not initdb.
const root = mkdtempSync(join(tmpdir(), 'prospecta-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded database belongs to one process', () => {
  it('refuses a second opener of the same directory with a clear message, and opens again once released', async () => {
    const dataDir = await migratedDataDir(join(root, 'one'));
    const first = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const second = openDatabase({ kind: 'pglite', dataDir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(
        `in use by another Prospecta process (pid ${process.pid}`,
      );
    } finally {
      await first.close();
    }
    const again = await openDatabase({ kind: 'pglite', dataDir });
    await again.close();
  }, 60_000);

  it('takes over the lock of a process that died without releasing it', async () => {
    const dataDir = await migratedDataDir(join(root, 'stale'));
    // A pid far above pid_max: no such process.
    writeFileSync(
      lockPath(dataDir),
      JSON.stringify({
        pid: 2 ** 30,
        host: (await import('node:os')).hostname(),
        startedAt: '2026-01-01T00:00:00Z',
        command: 'main.js',
      }),
    );
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
  }, 60_000);

  it('stops a CLI command while the server holds the directory', async () => {
    const dataDir = await migratedDataDir(join(root, 'cli'));
    const server = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const cli = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(API_ROOT, 'src', 'cli.ts'), 'outbox'],
        {
          cwd: API_ROOT,
          env: { ...process.env, DATA_DIR: dataDir, APP_ENV: 'development' },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(cli.status).toBe(1);
      expect(cli.stderr).toContain('is in use by another Prospecta process');
      expect(cli.stderr).toContain('stop that process first');
    } finally {
      await server.close();
    }
  }, 90_000);
});
