/**
 * Benchmark (not a test): 1,000 open live event streams (GET /api/v1/live) on the real server process
 * (src/main.ts, demo data): the server's memory (VmRSS) idle and with the streams open, the other routes' latency
 * (the profile call and the inbox, probed every 10 ms from a thread of their own) without streams and with them open,
 * each time idle and while a new answer is written every half second (with the streams, each answer reaches all of
 * them), and how long each answer takes to reach the streams (from the write's answer to each stream's `inbox` event).
 *
 *   pnpm --filter @prospecta/api bench:live
 *
 * On the embedded database on disk by default, on PostgreSQL with BENCH_DATABASE_URL (a database of its own created
 * on that server, dropped at the end). Env: BENCH_STREAMS (default 1,000), BENCH_DURATION (seconds per phase,
 * default 10), BENCH_SESSIONS (sign-ins the streams are spread over, default 20). Target: the other routes' p99
 * ≤ 100 ms with the streams open.
 */
import { performance } from 'node:perf_hooks';
import { machineLoad, percentile } from './bench-stats';
import { rssMb, signIn, startBenchServer, startProbe, type ProbeResult } from './bench-server';

const streams = Number(process.env.BENCH_STREAMS ?? 1000);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const sessions = Number(process.env.BENCH_SESSIONS ?? 20);

interface Stream {
  /** When each `inbox` event arrived (performance.now()). */
  inbox: number[];
  close(): void;
}

async function openStream(base: string, headers: Record<string, string>): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/v1/live`, {
    headers,
    // Node's fetch opens as many connections to one origin as asked: one a stream.
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`the stream answered ${response.status}: ${await response.text()}`);
  const stream: Stream = { inbox: [], close: () => controller.abort() };
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: ready')) resolveReady();
          if (block.includes('event: inbox')) stream.inbox.push(performance.now());
        }
      }
    } catch {
      // Closed by the benchmark.
    }
  })();
  await ready;
  return stream;
}

function summary(name: string, result: ProbeResult): string {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  return `${name.padEnd(44)} n=${String(sorted.length).padStart(5)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms  max ${(sorted.at(-1) ?? 0).toFixed(1).padStart(6)} ms  unanswered ${result.failures}`;
}

async function probeBoth(
  base: string,
  headers: Record<string, string>,
  inboxPath: string,
  seconds: number,
  during?: () => Promise<void>,
): Promise<[ProbeResult, ProbeResult]> {
  const profile = startProbe(`${base}/api/users/user`, headers);
  const inbox = startProbe(`${base}${inboxPath}`, headers);
  const end = performance.now() + seconds * 1000;
  if (during) await during();
  while (performance.now() < end) await new Promise((r) => setTimeout(r, 100));
  return [await profile.stop(), await inbox.stop()];
}

async function main(): Promise<void> {
  process.env.LIVE_STREAMS_PER_USER = String(streams);
  process.env.LIVE_STREAMS_PER_INSTANCE = String(streams + 100);
  const server = await startBenchServer('bench-live', {
    ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
  });
  const { base } = server;
  const open: Stream[] = [];
  try {
    const probeHeaders = await signIn(base, 'customer@example.com');
    const me = (await (
      await fetch(`${base}/api/users/user`, { headers: probeHeaders })
    ).json()) as {
      id: number;
    };
    const inboxPath = `/api/v1/users/${me.id}/inbox-messages`;
    /** Probes both routes for `duration` seconds while a new answer is written every 500 ms. */
    const withAnswers = async () => {
      const written: number[] = [];
      let writing = true;
      const writes = (async () => {
        while (writing) {
          const res = await fetch(`${base}/api/dev/inbox-answers`, {
            method: 'POST',
            headers: { ...probeHeaders, 'content-type': 'application/json' },
            body: JSON.stringify({
              email: 'customer@example.com',
              content: `Bench answer ${written.length}`,
            }),
          });
          if (!res.ok) throw new Error(`the answer was refused: ${res.status} ${await res.text()}`);
          written.push(performance.now());
          await new Promise((r) => setTimeout(r, 500));
        }
      })();
      const probes = await probeBoth(base, probeHeaders, inboxPath, duration);
      writing = false;
      await writes;
      return { probes, written };
    };
    // One after the other: the password checks' queue refuses a crowd of sign-ins (security/password.ts).
    const signIns: Record<string, string>[] = [];
    for (let i = 0; i < sessions; i += 1) signIns.push(await signIn(base, 'customer@example.com'));
    // Warm up the routes and the stream's listening connection.
    (await openStream(base, signIns[0]!)).close();
    await probeBoth(base, probeHeaders, inboxPath, 2);

    console.log(
      `${server.database}; ${streams} streams over ${sessions} sign-ins; ${duration} s per phase; ${machineLoad()}`,
    );
    const idleRss = rssMb(server.pid);
    const [profile0, inbox0] = await probeBoth(base, probeHeaders, inboxPath, duration);
    console.log(summary('profile, no stream', profile0));
    console.log(summary('inbox, no stream', inbox0));
    const [profileW, inboxW] = (await withAnswers()).probes;
    console.log(summary('profile, no stream, an answer / 0.5 s', profileW));
    console.log(summary('inbox, no stream, an answer / 0.5 s', inboxW));

    const t0 = performance.now();
    for (let i = 0; i < streams; i += 50) {
      const batch = Array.from({ length: Math.min(50, streams - i) }, (_, j) =>
        openStream(base, signIns[(i + j) % sessions]!),
      );
      open.push(...(await Promise.all(batch)));
    }
    const openedIn = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 2000));
    const openRss = rssMb(server.pid);
    console.log(
      `${streams} streams opened in ${(openedIn / 1000).toFixed(1)} s; server memory ${idleRss.toFixed(0)} MB idle, ${openRss.toFixed(0)} MB with the streams open (+${(openRss - idleRss).toFixed(0)} MB, ${(((openRss - idleRss) * 1024) / streams).toFixed(1)} KB a stream)`,
    );

    const [profile1, inbox1] = await probeBoth(base, probeHeaders, inboxPath, duration);
    console.log(summary(`profile, ${streams} streams open`, profile1));
    console.log(summary(`inbox, ${streams} streams open`, inbox1));

    // A new answer every 500 ms: each reaches every stream (same user) as one `inbox` event.
    const baseline = open.map((s) => s.inbox.length);
    const { probes: answering, written } = await withAnswers();
    const [profile2, inbox2] = answering;
    await new Promise((r) => setTimeout(r, 3000));
    const peakRss = rssMb(server.pid);
    console.log(summary(`profile, ${streams} streams, an answer / 0.5 s`, profile2));
    console.log(summary(`inbox, ${streams} streams, an answer / 0.5 s`, inbox2));
    // Answer k's event on a stream is its k-th inbox event since the phase began (answers are 500 ms apart, more than
    // the server's 50 ms coalescing).
    const delivery: number[] = [];
    let missing = 0;
    open.forEach((stream, i) => {
      written.forEach((at, k) => {
        const arrived = stream.inbox[baseline[i]! + k];
        if (arrived === undefined) missing += 1;
        else delivery.push(Math.max(0, arrived - at));
      });
    });
    const sorted = delivery.sort((a, b) => a - b);
    console.log(
      `${written.length} answers × ${streams} streams: event after the write's answer p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms; events missing ${missing}; server memory ${peakRss.toFixed(0)} MB`,
    );
  } finally {
    for (const stream of open) stream.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
