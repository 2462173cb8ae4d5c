/**
 * Durable commits for the embedded database (issue 15).
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
 * So WAL reaches the disk before a commit is acknowledged, and the data files at each checkpoint before the WAL they
 * need is recycled, exactly as on PostgreSQL with its defaults. The flushes are synchronous, like every file
 * operation of PGlite: a commit holds the event loop for one fdatasync (see the README's figures).
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
type InstantiateWasm = (imports: WasmImports, done: (instance: unknown, module: unknown) => void) => unknown;

interface EmscriptenOptions {
  instantiateWasm?: InstantiateWasm;
  preRun?: Array<(module: EmscriptenModule) => void>;
  [key: string]: unknown;
}

/** PostgreSQL's start parameters: PGlite's own, without `-F` (fsync off), with the durable settings named. */
export function durableStartParams(): string[] {
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams;
  if (!Array.isArray(defaults)) throw new Error('PGlite.defaultStartParams is missing: cannot start the embedded database durably');
  return [...defaults.filter((param) => param !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fdatasync', '-c', 'synchronous_commit=on', '-c', 'full_page_writes=on'];
}

/** NODEFS with PostgreSQL's fsync and fdatasync reaching the real files. */
class DurableNodeFS extends NodeFS {
  /** Set once both hooks are in place; checked after start. */
  hooks = { fsync: false, fdatasync: false };

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const options = emscriptenOpts as unknown as EmscriptenOptions;
    const instantiate = options.instantiateWasm;
    if (!instantiate) throw new Error('PGlite no longer instantiates its wasm through instantiateWasm: cannot install the fdatasync hook');
    let module: EmscriptenModule | null = null;

    const durable: EmscriptenOptions = {
      ...options,
      // Runs before the wasm instance exists: its imports are still ours to replace.
      instantiateWasm: (imports, done) => {
        const env = imports.env;
        const original = env?.__syscall_fdatasync;
        if (!env || typeof original !== 'function') throw new Error('PGlite imports no __syscall_fdatasync: cannot install the fdatasync hook');
        env.__syscall_fdatasync = (fd: number): number => {
          const stream = module?.FS.getStream(fd);
          if (!module || !stream || stream.stream_ops !== module.NODEFS.stream_ops || typeof stream.nfd !== 'number') {
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
    if (!nodeFs.hooks.fsync || !nodeFs.hooks.fdatasync) throw new Error('the embedded database started without its fsync hooks');
    const { rows } = await client.query<{ fsync: string }>('show fsync');
    if (rows[0]?.fsync !== 'on') throw new Error(`the embedded database started with fsync = ${rows[0]?.fsync ?? 'unknown'}`);
    if (fresh) syncTree(dataDir);
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
