/**
 * Benchmark (not a test): which compression of the dashboard answer pays off. Builds the dashboard JSON of the
 * 10,000-prospect load user (throw-away in-memory PGlite), then compresses it with gzip and brotli at several
 * levels and prints, for each, the size on the wire, the median time to compress (5 runs) and the time to
 * deliver it (compression + transfer) at a few link speeds.
 *
 *   pnpm --filter @prospecta/api bench:compress
 *
 * Env: BENCH_PROSPECTS (default 10000).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DASHBOARD_STATUSES } from '@prospecta/domain';
import { openDatabase } from '../src/db/index';
import { prospectsRepository } from '../src/repositories/prospects';
import { SecretBox } from '../src/security/secret-box';
import { seedLoad } from '../src/seed/load';

const prospects = Number(process.env.BENCH_PROSPECTS ?? 10000);
const seedScrypt = { N: 1024, r: 8, p: 1, keyLength: 64 };
/** Link speeds in megabits per second: a phone on 4G, office ADSL/fibre, a fast LAN. */
const LINKS = [10, 50, 1000];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    console.log(`Seeding ${prospects} prospects on PGlite (in memory)…`);
    const load = await seedLoad(database.db, {
      scrypt: seedScrypt,
      secretBox: new SecretBox(randomBytes(32)),
      count: prospects,
    });
    const json = `{"prospects":${await prospectsRepository(database.db).summariesJson({ userId: load.userId, statuses: DASHBOARD_STATUSES })}}`;
    const raw = Buffer.from(json);
    const codecs: { name: string; run: () => Buffer }[] = [
      { name: 'none', run: () => raw },
      ...[1, 4, 6, 9].map((level) => ({
        name: `gzip ${level}`,
        run: () => gzipSync(raw, { level }),
      })),
      ...[1, 3, 4, 5, 6, 8, 11].map((quality) => ({
        name: `brotli ${quality}`,
        run: () =>
          brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: quality,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
      })),
    ];
    const rows = codecs.map(({ name, run }) => {
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < 5; i += 1) {
        const t0 = performance.now();
        size = run().length;
        times.push(performance.now() - t0);
      }
      const ms = name === 'none' ? 0 : median(times);
      const row: Record<string, string> = {
        codec: name,
        'KiB on the wire': (size / 1024).toFixed(1),
        ratio: (raw.length / size).toFixed(1),
        'compress ms': ms.toFixed(1),
      };
      for (const mbps of LINKS)
        row[`total ms @${mbps} Mbit/s`] = (ms + (size * 8) / (mbps * 1000)).toFixed(0);
      return row;
    });
    console.log(`Dashboard answer: ${(raw.length / 1024).toFixed(1)} KiB uncompressed.`);
    console.table(rows);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
