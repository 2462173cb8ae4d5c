import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/**
 * The embedded database (PGlite) belongs to one process: two servers, or a server and the CLI, on one
 * data directory both started, handed out the same ids, and one side's acknowledged writes were lost after a
 * restart. The opener creates `<dataDir>.lock` exclusively (O_EXCL) with its pid; another opener stops with a
 * clear message. A lock whose process is gone (kill -9, power loss) is stale and taken over.
 */
export class DataDirLockedError extends Error {}

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
}

export interface DataDirLock {
  path: string;
  release(): void;
}

export function lockPath(dataDir: string): string {
  return join(dirname(dataDir), `${basename(dataDir)}.lock`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    return typeof parsed.pid === 'number' ? (parsed as LockOwner) : null;
  } catch {
    return null;
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  const path = lockPath(dataDir);
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
  };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(path);
      const stale =
        owner !== null && owner.host === me.host && owner.pid !== process.pid && !alive(owner.pid);
      if (stale || owner === null) {
        // The owner died without releasing (or never finished writing the file): take over.
        try {
          unlinkSync(path);
        } catch {
          // another process took it over first; the next attempt tells
        }
        continue;
      }
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is in use by another Prospecta process (pid ${owner.pid}` +
          `${owner.host !== me.host ? ` on ${owner.host}` : ''}, started ${owner.startedAt}: ${owner.command}). ` +
          'Only one process may open it: stop that process first (Ctrl+C in its terminal, or `kill ' +
          `${owner.pid}\`), then try again. To run several processes on one database, use PostgreSQL (DATABASE_URL). ` +
          `If no such process exists, delete ${path}.`,
      );
    }
    writeSync(fd, JSON.stringify(me));
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      if (readOwner(path)?.pid === process.pid) {
        try {
          unlinkSync(path);
        } catch {
          // already gone
        }
      }
    };
    process.on('exit', release);
    return { path, release };
  }
  throw new DataDirLockedError(
    `Could not lock ${path}: another process keeps taking it. Try again.`,
  );
}
