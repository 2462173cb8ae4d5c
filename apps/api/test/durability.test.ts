import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs, { mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openDurablePGlite, scheduleCheckpoints } from '../src/db/durable-pglite';
import { openDatabase } from '../src/db/index';
import { API_ROOT, APP_VERSION, DEMO_PASSWORD, migratedDataDir } from './helpers';
import { freePort } from './peers/free-port';

/**
 * Durable commits on the embedded database: PostgreSQL's fsync and fdatasync reach the real files
 * (src/db/durable-pglite.ts). A commit is acknowledged only after the WAL written for it was flushed; a checkpoint
 * flushes the data files and pg_control. Proven twice: in process, by recording the real `node:fs` flushes of the
 * data directory; and on the real server process under strace, by the order of its system calls. Every test but the
 * one of a new directory's flushes works on a copy of a migrated directory (helpers.ts), made once per worker.
 */
const root = mkdtempSync(join(tmpdir(), 'prospecta-durable-'));
const straceLog = join(root, 'strace.log');
let tracer: ChildProcess | null = null;
afterAll(() => {
  const pid = tracedPid();
  if (pid && tracer?.exitCode === null) killQuietly(pid);
  tracer?.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

/** The traced server's pid: the first field of strace's log (-f prefixes every line with the pid). */
function tracedPid(): number | null {
  try {
    const head = Buffer.alloc(32);
    const fd = fs.openSync(straceLog, 'r');
    try {
      fs.readSync(fd, head, 0, head.length, 0);
    } finally {
      fs.closeSync(fd);
    }
    const pid = Number(head.toString('latin1').split(' ', 1)[0]);
    return pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function killQuietly(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}
afterEach(() => {
  vi.restoreAllMocks();
});

const WAL_SEGMENT = /\/pg_wal\/[0-9A-F]{24}$/;

interface FsEvent {
  call: 'writeSync' | 'fsyncSync' | 'fdatasyncSync';
  path: string;
}

/** Records every write and flush this process makes through `node:fs`, with the path of the descriptor. */
function recordFs(dataDir: string): FsEvent[] {
  const events: FsEvent[] = [];
  const pathOf = (fd: unknown) => {
    try {
      return readlinkSync(`/proc/self/fd/${String(fd)}`);
    } catch {
      return '?';
    }
  };
  for (const call of ['writeSync', 'fsyncSync', 'fdatasyncSync'] as const) {
    const original = fs[call] as (...args: unknown[]) => unknown;
    vi.spyOn(fs, call).mockImplementation(((...args: unknown[]) => {
      const path = pathOf(args[0]);
      if (path.startsWith(dataDir)) events.push({ call, path });
      return original.apply(fs, args);
    }) as never);
  }
  return events;
}

describe('durable commits on the embedded database', () => {
  it('flushes the WAL before a commit is acknowledged, and the data files at a checkpoint', async () => {
    const dataDir = await migratedDataDir(join(root, 'in-process'));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const settings = await sql<{
        name: string;
        setting: string;
      }>`select name, setting from pg_settings where name in ('fsync', 'wal_sync_method', 'synchronous_commit', 'full_page_writes') order by name`.execute(
        database.db,
      );
      expect(Object.fromEntries(settings.rows.map((r) => [r.name, r.setting]))).toEqual({
        fsync: 'on',
        full_page_writes: 'on',
        synchronous_commit: 'on',
        wal_sync_method: 'fdatasync',
      });

      await sql`create table durability_probe (id integer primary key)`.execute(database.db);
      const events = recordFs(dataDir);
      await sql`insert into durability_probe values (1)`.execute(database.db);
      const commit = [...events];
      // The commit record was written to the WAL segment, then that segment was flushed, before the insert resolved.
      const lastWalWrite = commit.findLastIndex(
        (e) => e.call === 'writeSync' && WAL_SEGMENT.test(e.path),
      );
      expect(lastWalWrite).toBeGreaterThanOrEqual(0);
      const flush = commit.findIndex(
        (e, i) =>
          i > lastWalWrite && e.call !== 'writeSync' && e.path === commit[lastWalWrite]?.path,
      );
      expect(flush).toBeGreaterThan(lastWalWrite);
      expect(commit[flush]?.call).toBe('fdatasyncSync');

      events.length = 0;
      const { rows } = await sql<{
        path: string;
      }>`select pg_relation_filepath('durability_probe') as path`.execute(database.db);
      await sql`checkpoint`.execute(database.db);
      const flushed = new Set(
        events.filter((e) => e.call !== 'writeSync').map((e) => e.path.slice(dataDir.length + 1)),
      );
      expect(flushed).toContain(rows[0]?.path); // the table's data file
      expect(flushed).toContain('global/pg_control');
      expect(flushed).toContain('pg_xact'); // directories too, where PostgreSQL asks
    } finally {
      await database.close();
    }
  }, 120_000);

  it('flushes a new data directory once it is created (as initdb does)', async () => {
    const dataDir = join(root, 'fresh');
    const events = recordFs(dataDir);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
    const flushed = new Set(
      events.filter((e) => e.call !== 'writeSync').map((e) => e.path.slice(dataDir.length + 1)),
    );
    for (const path of [
      'PG_VERSION',
      'global/pg_control',
      'global/pg_filenode.map',
      'base/1/PG_VERSION',
      'postgresql.conf',
      'base',
      'pg_wal',
    ])
      expect(flushed).toContain(path);
  }, 120_000);
});

describe('checkpoints on the embedded database', () => {
  it('checkpoints once enough WAL is written, so the WAL does not pile up until the database closes', async () => {
    const dataDir = await migratedDataDir(join(root, 'checkpoint-volume'));
    // A volume limit of 4 MB (PostgreSQL's default: ~540 MB) and no timed checkpoint: only the volume can call for it.
    const database = await openDatabase({
      kind: 'pglite',
      dataDir,
      checkpoints: { intervalMs: 100, walBytes: 4 * 1024 * 1024, timeoutSeconds: 86_400 },
    });
    try {
      const redo = async () =>
        (
          await sql<{
            redo: string;
          }>`select redo_lsn::text as redo from pg_control_checkpoint()`.execute(database.db)
        ).rows[0]?.redo;
      await sql`create table wal_probe (body text)`.execute(database.db);
      const before = await redo();
      await sql`insert into wal_probe select repeat(md5(g::text), 30) from generate_series(1, 6000) g`.execute(
        database.db,
      ); // ~6 MB of WAL
      await vi.waitFor(async () => expect(await redo()).not.toBe(before), {
        timeout: 30_000,
        interval: 100,
      });
    } finally {
      await database.close();
    }
  }, 120_000);

  it('checkpoints after checkpoint_timeout when WAL was written since the last one, and not when nothing was', async () => {
    const client = await openDurablePGlite(await migratedDataDir(join(root, 'checkpoint-timeout')));
    const checkpointer = scheduleCheckpoints(client, {
      intervalMs: 3_600_000,
      timeoutSeconds: 0,
      walBytes: Number.MAX_SAFE_INTEGER,
    });
    try {
      await client.exec('create table quiet_probe (id integer)');
      expect(await checkpointer.tick()).toBe(true);
      expect(await checkpointer.tick()).toBe(false); // nothing written since: nothing to do
      await client.exec('insert into quiet_probe values (1)');
      expect(await checkpointer.tick()).toBe(true);
    } finally {
      checkpointer.stop();
      await client.close();
    }
  }, 120_000);
});

const straceMissing = spawnSync('strace', ['-V']).status !== 0;

describe('the real server under strace', () => {
  // strace is installed by .ci/run; on a machine without it this proof cannot run (in CI it must).
  it.skipIf(straceMissing && !process.env.CI)(
    'answers a write only after fdatasync of the WAL it wrote',
    async () => {
      expect(straceMissing, 'strace is required in CI (apt-get install strace)').toBe(false);
      const dataDir = await migratedDataDir(join(root, 'server'));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      // Only these calls are traced (seccomp-bpf filter: the others run at full speed); -y names each descriptor.
      tracer = spawn(
        'strace',
        [
          '-f',
          '--seccomp-bpf',
          '-y',
          '-s',
          // Whole WAL writes (a few 8 KB pages each), so that the one carrying the comment shows its text.
          '131072',
          '-e',
          'trace=read,write,writev,pwrite64,fsync,fdatasync',
          '-e',
          'signal=none',
          '-o',
          straceLog,
          process.execPath,
          '--import',
          'tsx',
          join(API_ROOT, 'src', 'main.ts'),
        ],
        {
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
        },
      );
      for (;;) {
        if (tracer.exitCode !== null)
          throw new Error(`strace or the server exited with ${tracer.exitCode}`);
        try {
          if ((await fetch(`${base}/api/health`)).ok) break;
        } catch {
          // not yet listening
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const headers = { 'content-type': 'application/json', 'x-app-version': APP_VERSION };
      const login = await fetch(`${base}/api/v2/auth/token/get`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: 'staff@example.com', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { access } = (await login.json()) as { access: string };
      const marker = `durable-${Date.now().toString(36)}`;
      const res = await fetch(`${base}/api/v1/prospects/1/comment`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${access}` },
        body: JSON.stringify({ content: marker }),
      });
      expect(res.status).toBe(201);
      // strace started with -o ignores SIGTERM: stop the traced server itself (the first pid of the trace); strace
      // exits with it.
      const pid = tracedPid();
      expect(pid).not.toBeNull();
      const exited = new Promise((resolve) => tracer?.once('exit', resolve));
      killQuietly(pid ?? 0, 'SIGTERM');
      await exited;

      const lines = readFileSync(straceLog, 'utf8').split('\n');
      const request = lines.findIndex(
        (l) => /\bread\(\d+<(TCP|socket)/.test(l) && l.includes(marker),
      );
      const answer = lines.findIndex(
        (l, i) => i > request && /\bwritev?\(\d+<(TCP|socket)/.test(l) && l.includes(marker),
      );
      expect(request, 'the request is in the trace').toBeGreaterThanOrEqual(0);
      expect(answer, 'the answer is in the trace').toBeGreaterThan(request);
      const handling = lines.slice(request, answer);
      // The WAL writes that carry the comment's text: its transaction's records. Other WAL may be written after its
      // commit and before the answer without a flush of its own (a read that sets hint bits logs a page image, which
      // no commit waits for): what must be flushed before the answer is the comment's.
      const walWrites = handling
        .map((l, i) =>
          /\bpwrite64\(\d+<[^>]*\/pg_wal\/[0-9A-F]{24}>/.test(l) && l.includes(marker) ? i : -1,
        )
        .filter((i) => i >= 0);
      expect(walWrites.length, 'the comment reached the WAL').toBeGreaterThan(0);
      const lastWalWrite = walWrites[walWrites.length - 1] ?? -1;
      const flushAfter = handling
        .slice(lastWalWrite + 1)
        .some((l) => /\bfdatasync\(\d+<[^>]*\/pg_wal\/[0-9A-F]{24}>\) = 0/.test(l));
      expect(
        flushAfter,
        'fdatasync of the WAL segment between the write of the comment and the answer',
      ).toBe(true);
    },
    240_000,
  );
});
