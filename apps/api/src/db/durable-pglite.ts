/**
 * Durable commits for the embedded database.
 *
 * PGlite runs PostgreSQL as WebAssembly over Emscripten, with the data directory mounted through Emscripten's NODEFS
 * (every file operation becomes a synchronous `node:fs` call on a real file descriptor). Out of the box nothing there
 * ever reaches the disk's cache flush:
 *
 * 1. PGlite starts PostgreSQL with `-F` (`fsync = off`, `PGlite.defaultStartParams`), so PostgreSQL does not even ask.
 * 2. Were it to ask, Emscripten drops the request: `fsync(fd)` becomes the WASI import `fd_sync`, which calls the
 *    stream's `stream_ops.fsync` — NODEFS has none, so it returns 0 — and `fdatasync(fd)` (the WAL's default
 *    `wal_sync_method` on Linux) becomes the import `__syscall_fdatasync`, which only checks that the fd exists.
 *
 * An acknowledged commit then sits in the OS page cache: it survives `kill -9` but not a power loss, and a checkpoint
 * may recycle WAL whose data pages never reached the disk. This module makes PGlite behave as PostgreSQL does on Linux:
 *
 * - PostgreSQL starts with `fsync = on` and `wal_sync_method = fdatasync` (PGlite's own start parameters without
 *   `-F`; `synchronous_commit` stays `on`, `full_page_writes` stays `on`).
 * - `fsync(fd)` on the data directory: `NODEFS.stream_ops.fsync` (the hook Emscripten's `fd_sync` honours) calls
 *   `fs.fsyncSync` on the stream's real descriptor. PostgreSQL opens directories and fsyncs them too (after creating,
 *   renaming or removing files: `fsync_fname`, `durable_rename`); NODEFS opens a directory as a real descriptor, so
 *   the same hook reaches it.
 * - `fdatasync(fd)`: there is no stream hook, so the wasm import `__syscall_fdatasync` is replaced before the module
 *   is instantiated (through `instantiateWasm`, the Emscripten hook PGlite already uses to load its wasm) by one that
 *   calls `fs.fdatasyncSync` on the real descriptor of a NODEFS stream (other streams keep the original behaviour).
 * - A failed flush is returned to PostgreSQL as its errno, which then PANICs rather than go on
 *   (`data_sync_retry = off`): the next start replays the WAL, as PostgreSQL does after a failed fsync.
 * - A new data directory is written by PGlite from an initdb run in memory, with plain writes; once it is open, every
 *   file and directory in it is fsynced once (what `initdb` does at its end, `sync_pgdata`).
 *
 * - Checkpoints: PGlite runs PostgreSQL as a single-user backend, without its checkpointer process, and there the
 *   volume of WAL never requests one (`XLogWrite` asks only under a postmaster): left alone, PGlite checkpoints only
 *   when it closes, so the WAL grows without bound (87 segments of 16 MB seen, past `max_wal_size`) and a restart after a crash
 *   replays all of it. `scheduleCheckpoints` does the checkpointer's job with PostgreSQL's own settings: a
 *   CHECKPOINT once `checkpoint_timeout` (5 min) has passed with WAL written since the last one, or as soon as the
 *   WAL since the last one reaches `max_wal_size / (1 + checkpoint_completion_target)` (about 540 MB).
 *
 * So WAL reaches the disk before a commit is acknowledged, and the data files at each checkpoint before the WAL they
 * need is recycled, as on PostgreSQL with its defaults. The flushes are synchronous, like every file operation of
 * PGlite: a commit holds the event loop for one fdatasync, and a checkpoint for writing and flushing the pages
 * dirtied since the last one (PostgreSQL spreads those writes over time in its own process; figures in docs/performance.md).
 *
 * If PGlite ever changes its internals so that a hook cannot be installed, `openDurablePGlite` throws rather than
 * open a database that would silently not be durable.
 */
import fs from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The parts of an Emscripten stream this module reads. */
interface EmscriptenStream {
  nfd?: number;
  stream_ops?: unknown;
}

/** The parts of PGlite's Emscripten module (`Module`) this module uses. */
interface EmscriptenModule {
  FS: { getStream(fd: number): EmscriptenStream | null | undefined };
  NODEFS: {
    stream_ops: Record<string, unknown>;
    tryFSOperation<T>(operation: () => T): T;
  };
}

type WasmImports = Record<string, Record<string, unknown>>;
type InstantiateWasm = (
  imports: WasmImports,
  done: (instance: unknown, module: unknown) => void,
) => unknown;

interface EmscriptenOptions {
  instantiateWasm?: InstantiateWasm;
  preRun?: Array<(module: EmscriptenModule) => void>;
  [key: string]: unknown;
}

/** PostgreSQL's start parameters: PGlite's own, without `-F` (fsync off), with the durable settings named. */
export function durableStartParams(): string[] {
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams;
  if (!Array.isArray(defaults))
    throw new Error(
      'PGlite.defaultStartParams is missing: cannot start the embedded database durably',
    );
  return [
    ...defaults.filter((param) => param !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'wal_sync_method=fdatasync',
    '-c',
    'synchronous_commit=on',
    '-c',
    'full_page_writes=on',
  ];
}

/** NODEFS with PostgreSQL's fsync and fdatasync reaching the real files. */
class DurableNodeFS extends NodeFS {
  /** Set once both hooks are in place; checked after start. */
  hooks = { fsync: false, fdatasync: false };

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const options = emscriptenOpts as unknown as EmscriptenOptions;
    const instantiate = options.instantiateWasm;
    if (!instantiate)
      throw new Error(
        'PGlite no longer instantiates its wasm through instantiateWasm: cannot install the fdatasync hook',
      );
    let module: EmscriptenModule | null = null;

    const durable: EmscriptenOptions = {
      ...options,
      // Runs before the wasm instance exists: its imports are still ours to replace.
      instantiateWasm: (imports, done) => {
        const env = imports.env;
        const original = env?.__syscall_fdatasync;
        if (!env || typeof original !== 'function')
          throw new Error(
            'PGlite imports no __syscall_fdatasync: cannot install the fdatasync hook',
          );
        env.__syscall_fdatasync = (fd: number): number => {
          const stream = module?.FS.getStream(fd);
          if (
            !module ||
            !stream ||
            stream.stream_ops !== module.NODEFS.stream_ops ||
            typeof stream.nfd !== 'number'
          ) {
            return (original as (fd: number) => number)(fd); // not a file of the data directory (or a bad fd: EBADF)
          }
          const nfd = stream.nfd;
          try {
            module.NODEFS.tryFSOperation(() => fs.fdatasyncSync(nfd));
            return 0;
          } catch (error) {
            return -((error as { errno?: number }).errno ?? 29); // EIO
          }
        };
        this.hooks.fdatasync = true;
        return instantiate(imports, done);
      },
      preRun: [
        ...(options.preRun ?? []),
        (mod) => {
          module = mod;
          // `fd_sync` calls `stream.stream_ops.fsync(stream)` and returns its result as the errno (undefined = 0);
          // an FS.ErrnoError thrown here (tryFSOperation converts Node's error code) becomes that errno.
          mod.NODEFS.stream_ops.fsync = (stream: EmscriptenStream) => {
            const nfd = stream.nfd;
            if (typeof nfd !== 'number') return 8; // EBADF
            mod.NODEFS.tryFSOperation(() => fs.fsyncSync(nfd));
            return 0;
          };
          this.hooks.fsync = true;
        },
      ],
    };
    return { emscriptenOpts: durable as unknown as typeof emscriptenOpts };
  }
}

/** fsyncs every file and directory under `dir` (children first), then `dir` and its parent. */
export function syncTree(dir: string): void {
  const syncPath = (path: string) => {
    const fd = fs.openSync(path, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  };
  const walk = (path: string) => {
    for (const entry of fs.readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) syncPath(child);
    }
    syncPath(path);
  };
  walk(dir);
  syncPath(dirname(dir));
}

/**
 * Opens (creating it when new) the PGlite database in `dataDir` with durable commits. Resolves once it is ready and
 * checked: PostgreSQL reports `fsync = on` and both flush hooks are installed.
 */
export async function openDurablePGlite(dataDir: string): Promise<PGlite> {
  const fresh = !fs.existsSync(join(dataDir, 'PG_VERSION'));
  const nodeFs = new DurableNodeFS(dataDir);
  const client = new PGlite({ fs: nodeFs, startParams: durableStartParams() });
  try {
    await client.waitReady;
    if (!nodeFs.hooks.fsync || !nodeFs.hooks.fdatasync)
      throw new Error('the embedded database started without its fsync hooks');
    const { rows } = await client.query<{ fsync: string }>('show fsync');
    if (rows[0]?.fsync !== 'on')
      throw new Error(`the embedded database started with fsync = ${rows[0]?.fsync ?? 'unknown'}`);
    if (fresh) syncTree(dataDir);
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

export interface CheckpointOptions {
  /** How often the need for a checkpoint is checked (default 15 s). */
  intervalMs?: number;
  /** Seconds after the last checkpoint when any WAL written since calls for one (default `checkpoint_timeout`). */
  timeoutSeconds?: number;
  /** WAL since the last checkpoint's redo point that calls for one at once (default from `max_wal_size`). */
  walBytes?: number;
}

export interface Checkpointer {
  /** Checks once, and checkpoints when due; resolves true when it did. */
  tick(): Promise<boolean>;
  stop(): void;
}

/**
 * PostgreSQL's checkpointer for a PGlite database (see the top of this file): checks every `intervalMs` on a timer
 * that keeps no process alive, and stops by itself once the database is closed. A failed checkpoint is reported as
 * a process warning and tried again at the next check.
 */
export function scheduleCheckpoints(client: PGlite, options: CheckpointOptions = {}): Checkpointer {
  let limits: { timeoutSeconds: number; walBytes: number } | null = null;
  let quietLsn: string | null = null; // the WAL insert position right after our last checkpoint
  let running: Promise<boolean> | null = null;

  const readLimits = async () => {
    const { rows } = await client.query<{ timeout: number; max_wal_mb: number; target: number }>(
      `select (select setting::float8 from pg_settings where name = 'checkpoint_timeout') as timeout,
              (select setting::float8 from pg_settings where name = 'max_wal_size') as max_wal_mb,
              (select setting::float8 from pg_settings where name = 'checkpoint_completion_target') as target`,
    );
    const row = rows[0] ?? { timeout: 300, max_wal_mb: 1024, target: 0.9 };
    return {
      timeoutSeconds: options.timeoutSeconds ?? row.timeout,
      walBytes: options.walBytes ?? Math.floor((row.max_wal_mb * 1024 * 1024) / (1 + row.target)),
    };
  };

  const check = async (): Promise<boolean> => {
    if (client.closed) return false;
    limits ??= await readLimits();
    const { rows } = await client.query<{ lsn: string; since_redo: number; age: number }>(
      `select pg_current_wal_insert_lsn()::text as lsn,
              pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as since_redo,
              extract(epoch from clock_timestamp() - checkpoint_time)::float8 as age
         from pg_control_checkpoint()`,
    );
    const state = rows[0];
    if (!state) return false;
    const due =
      state.since_redo >= limits.walBytes ||
      (state.age >= limits.timeoutSeconds && state.lsn !== quietLsn);
    if (!due || client.closed) return false;
    await client.exec('checkpoint');
    quietLsn =
      (await client.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn'))
        .rows[0]?.lsn ?? null;
    return true;
  };

  const tick = (): Promise<boolean> => {
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => {
    if (client.closed) {
      clearInterval(timer);
      return;
    }
    tick().catch((error: unknown) => {
      if (!client.closed)
        process.emitWarning(
          `embedded database checkpoint failed: ${error instanceof Error ? error.message : String(error)}`,
        );
    });
  }, options.intervalMs ?? 15_000);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
