import { constants, PerformanceObserver, type NodeGCPerformanceDetail } from 'node:perf_hooks';
import type pg from 'pg';
import { addDaysTo, dayOf } from '../../backend/src/time/calendar';
import { createOffer, openAffiliates, settled, startBenchServer } from './benchServer';
import { nodeCpuSeconds, postgresCpuSeconds } from './cpuTime';

export type ImportLoad = { affiliates: number; offers: number; files: number[] };
/**
 * Memory during an import, above its level before: `peakHeapMb` is the highest heap sampled, which
 * also counts garbage not yet collected (V8 lets more of it pile up the longer it allocates), and
 * `liveHeapMb` the whole heap at its highest right after a full collection (`fullCollections` of them
 * during the import): what the process really held while importing; null when none ran.
 */
export type ImportFileResult = {
  rows: number; seconds: number; rowsPerSecond: number; figureRows: number; peakHeapMb: number; liveHeapMb: number | null; fullCollections: number; peakRssMb: number;
  /** PostgreSQL alone writing the same figure rows once, into a copy of rm_figure_rows (see `writeFigureRowsOnce`). */
  floorSeconds: number;
  /** What the import and everything it set off recorded in the log, by type: a count that does not depend on the machine's load. */
  recorded: { type: string; events: number; megabytes: number }[];
  /** Processor seconds the import cost, Node's and PostgreSQL's (cpuTime.ts): a figure the machine's other work moves much less than the time. */
  cpuSeconds: { node: number; postgres: number };
};

/**
 * A file of daily statistics of `rows` affiliate-days (every affiliate, consecutive days), each
 * day with two offers of its `offers`, one with a tracker pair: the shape brands send. Produced as
 * a stream of JSON text, so the benchmark's own memory does not grow with the file either.
 */
function statsFile(uniqueIds: number[], offerIds: number[], firstDay: string, rows: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i === 0) controller.enqueue(encoder.encode('{"rows":['));
      const parts: string[] = [];
      for (let n = 0; n < 1000 && i < rows; n++, i++) {
        const affiliate = uniqueIds[i % uniqueIds.length]!;
        const day = addDaysTo(firstDay, Math.floor(i / uniqueIds.length));
        const a = offerIds[i % offerIds.length]!;
        const b = offerIds[(i + 7) % offerIds.length]!;
        const bills = i % 5;
        parts.push(JSON.stringify({
          source: String(affiliate), stat_date: day,
          data: { siteGroups: {
            [a]: { click: 120, registered: 14, essay: 3, bill: bills, trackers: { t: { s1: 'fb', s2: `c${i % 7}`, click: 60, registered: 7, essay: 2, bill: Math.min(bills, 1) } } },
            [b]: { click: 40, registered: 4, essay: 1, bill: 0 },
          } },
        }));
      }
      if (parts.length) controller.enqueue(encoder.encode((i - parts.length > 0 ? ',' : '') + parts.join(',')));
      if (i >= rows) {
        controller.enqueue(encoder.encode(']}'));
        controller.close();
      }
    },
  });
}

/**
 * The floor under any import on this machine: PostgreSQL alone, with no client, no log and no other
 * read model, writing the figure rows of the same file once into a copy of rm_figure_rows (its
 * primary key included), server-side, a chunk of 2,000 day rows per statement as the import stages
 * them. An import writes each figure row several times (staging, log, statistics, audit), so its
 * rate is a fraction of this one.
 */
async function writeFigureRowsOnce(pool: pg.Pool, userIds: string[], offerIds: string[], firstDay: string, rows: number): Promise<number> {
  await pool.query('DROP TABLE IF EXISTS bench_figure_rows; CREATE TABLE bench_figure_rows (LIKE rm_figure_rows INCLUDING ALL)');
  const started = performance.now();
  for (let from = 0; from < rows; from += 2000) {
    await pool.query(
      `INSERT INTO bench_figure_rows (user_id, day, offer_id, s1, s2, click, registered, essay, bill)
       SELECT ($1::uuid[])[1 + i % $2], $3::date + i / $2, ($4::text[])[1 + (i + r.shift) % $5], r.s1, CASE WHEN r.s1 = '' THEN '' ELSE 'c' || i % 7 END, 60, 7, 2, 1
         FROM generate_series($6::int, $7::int) AS i, (VALUES (0, ''), (0, 'fb'), (7, '')) AS r(shift, s1)`,
      [userIds, userIds.length, firstDay, offerIds, offerIds.length, from, Math.min(from + 2000, rows) - 1],
    );
  }
  const seconds = (performance.now() - started) / 1000;
  await pool.query('DROP TABLE bench_figure_rows');
  return seconds;
}

/**
 * (d) Imports end to end: each file sent to POST /stats/import (parsed as a stream, checked,
 * staged, compared, recorded), then every read model and the pricing current. Memory is sampled
 * during each import: its peak above the level before shows whether it grows with the file.
 * `postgresDir` is the embedded PostgreSQL's data folder, to count its processor time.
 */
export async function measureImports(databaseUrl: string, dataDir: string, postgresDir: string, load: ImportLoad): Promise<ImportFileResult[]> {
  const server = await startBenchServer(databaseUrl, dataDir);
  try {
    const now = new Date();
    const { uniqueIds, userIds } = await openAffiliates(server, load.affiliates, now);
    const offers = [];
    for (let i = 0; i < load.offers; i++) offers.push(await createOffer(server, `Bench ${i}`, 'import'));
    await settled(server);
    const results: ImportFileResult[] = [];
    let nextDay = addDaysTo(dayOf(now), -360);
    for (const rows of load.files) {
      global.gc?.();
      const base = process.memoryUsage();
      let peakHeap = base.heapUsed;
      let peakRss = base.rss;
      let liveHeap = 0;
      let fullCollections = 0;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peakHeap = Math.max(peakHeap, m.heapUsed);
        peakRss = Math.max(peakRss, m.rss);
      }, 20);
      const collections = new PerformanceObserver((list) => {
        const full = list.getEntries().filter((e) => (e as unknown as { detail?: NodeGCPerformanceDetail }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
        if (!full.length) return;
        fullCollections += full.length;
        liveHeap = Math.max(liveHeap, process.memoryUsage().heapUsed);
      });
      collections.observe({ entryTypes: ['gc'] });
      const { rows: [head] } = await server.deps.pool.query<{ position: string }>('SELECT coalesce(max(global_position), 0) AS position FROM events');
      const cpuBefore = { node: nodeCpuSeconds(), postgres: await postgresCpuSeconds(postgresDir) };
      const started = performance.now();
      const response = await fetch(`${server.url}/api/v1/stats/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${server.adminToken}` },
        body: statsFile(uniqueIds, offers.map((o) => o.uniqueId), nextDay, rows),
        duplex: 'half',
      } as RequestInit);
      const answer = (await response.json()) as { ok?: boolean; rows_changed?: number; message?: string };
      if (!response.ok) throw new Error(`Import refused: ${response.status} ${answer.message}`);
      await settled(server);
      const seconds = (performance.now() - started) / 1000;
      const cpuSeconds = { node: nodeCpuSeconds() - cpuBefore.node, postgres: (await postgresCpuSeconds(postgresDir)) - cpuBefore.postgres };
      clearInterval(sampler);
      collections.disconnect();
      const { rows: recorded } = await server.deps.pool.query<{ type: string; events: number; megabytes: number }>(
        `SELECT type, count(*)::int AS events, sum(pg_column_size(data))::float8 / 1048576 AS megabytes FROM events
          WHERE global_position > $1 GROUP BY type ORDER BY count(*) DESC, type`,
        [head!.position],
      );
      const floorSeconds = await writeFigureRowsOnce(server.deps.pool, userIds, offers.map((o) => o.id), nextDay, rows);
      results.push({
        rows, seconds, rowsPerSecond: rows / seconds, figureRows: answer.rows_changed ?? 0, floorSeconds, recorded, cpuSeconds,
        peakHeapMb: (peakHeap - base.heapUsed) / 1024 / 1024, liveHeapMb: fullCollections ? liveHeap / 1024 / 1024 : null, fullCollections, peakRssMb: (peakRss - base.rss) / 1024 / 1024,
      });
      nextDay = addDaysTo(nextDay, Math.ceil(rows / uniqueIds.length));
    }
    return results;
  } finally {
    await server.stop();
  }
}
