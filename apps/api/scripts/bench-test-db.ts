/**
 * `pnpm --filter @prospecta/api bench:test-db`: what one server test file's in-memory database costs, made new
 * (initdb and every migration) or loaded from the migrated template the tests use (test/helpers.ts,
 * `dumpMigratedTemplate`). Prints wall and CPU milliseconds (this process: PGlite runs in it) of each step, median
 * of BENCH_ROUNDS (default 3), and the load average.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { dumpMigratedTemplate, openDatabase } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrations';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

async function measure(work: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  const wall = performance.now();
  const cpu = cpuMs();
  await work();
  return { wall: performance.now() - wall, cpu: cpuMs() - cpu };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function report(name: string, runs: Array<{ wall: number; cpu: number }>) {
  console.log(
    `${name.padEnd(44)} ${String(Math.round(median(runs.map((r) => r.wall)))).padStart(6)} ms wall ${String(Math.round(median(runs.map((r) => r.cpu)))).padStart(6)} ms CPU`,
  );
}

console.log(
  `load average before: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
// The first PGlite of a process compiles the WebAssembly module: not counted.
const warm = new PGlite();
await warm.waitReady;
await warm.close();

const fresh: Array<{ wall: number; cpu: number }> = [];
for (let i = 0; i < rounds; i++) {
  fresh.push(
    await measure(async () => {
      const client = new PGlite();
      await client.waitReady;
      await migrateToLatest(
        new Kysely<unknown>({ dialect: new PGliteDialect({ pglite: client }) }) as Kysely<unknown>,
      );
      await client.close();
    }),
  );
}
let template: Blob | undefined;
const made = await measure(async () => {
  template = await dumpMigratedTemplate();
});
const loaded: Array<{ wall: number; cpu: number }> = [];
for (let i = 0; i < rounds; i++) {
  loaded.push(
    await measure(async () => {
      const database = await openDatabase({ kind: 'pglite', template });
      await database.close();
    }),
  );
}
report('new database: initdb + every migration', fresh);
report('the template, once per test worker', [made]);
report('database from the template (+ migration check)', loaded);
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
