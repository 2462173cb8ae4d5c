import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/startup';
import { API_ROOT, migratedDataDir } from './helpers';

const root = mkdtempSync(join(tmpdir(), 'prospecta-startup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('starting the server', () => {
  it('says which port is taken and how to choose another, instead of an EADDRINUSE stack', async () => {
    const blocker: Server = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    );
    // The database opens before the port is bound: a migrated directory (helpers.ts) spares this test an initdb.
    const dataDir = await migratedDataDir(join(root, 'data'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', join(API_ROOT, 'src', 'main.ts')], {
        cwd: API_ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DEV_SECRETS_FILE: join(root, 'secrets.json'),
          APP_ENV: 'ci',
          LOG_LEVEL: 'warn',
          SEED_DEMO: 'false',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`Cannot start: port ${port} on 127.0.0.1 is already in use`);
      expect(stderr).toContain(`PORT=${port + 1} pnpm start`);
      expect(stderr).not.toContain('EADDRINUSE');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 60_000);

  it('pretty-prints logs only in development on a terminal, JSON elsewhere', () => {
    const available = () => true;
    expect(loggerOptions('development', { level: 'info' }, true, available)).toMatchObject({
      transport: { target: 'pino-pretty' },
    });
    expect(loggerOptions('development', { level: 'info' }, false, available)).toEqual({
      level: 'info',
    });
    expect(
      loggerOptions('development', { level: 'info', format: 'json' }, true, available),
    ).toEqual({
      level: 'info',
    });
    expect(
      loggerOptions('development', { level: 'info', format: 'pretty' }, false, available),
    ).toHaveProperty('transport');
    expect(loggerOptions('production', { level: 'warn' }, true, available)).toEqual({
      level: 'warn',
    });
    expect(loggerOptions('development', { level: 'info' }, true, () => false)).toEqual({
      level: 'info',
    });
  });
});
