import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import express from 'express';
import { createPool } from '../../backend/src/db/database';
import { createOffer, openAffiliates, settled, startBenchServer } from './benchServer';

/** `rounds`: measured periods of each handler, alternated (bare, ours, bare, ours...), so a change in the machine's other load falls on both. */
export type PostbackLoad = { connections: number; durationMs: number; warmupMs: number; repeatEvery: number; rounds: number };
export type LoadResult = { requestsPerSecond: number; p50Ms: number; p99Ms: number; requests: number; statuses: Record<string, number>; failures: number };

function runLoad(baseUrl: string, load: PostbackLoad, durationMs: number, prefix: string): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./loadWorker.mjs', import.meta.url), {
      workerData: { baseUrl, connections: load.connections, durationMs, repeatEvery: load.repeatEvery, prefix },
    });
    worker.once('error', reject);
    worker.once('message', ({ latencies, statuses, failures, sent }: { latencies: number[]; statuses: Record<string, number>; failures: number; sent: number }) => {
      const sorted = latencies.sort((a, b) => a - b);
      const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
      resolve({ requestsPerSecond: sent / (durationMs / 1000), p50Ms: at(0.5), p99Ms: at(0.99), requests: sent, statuses, failures });
      void worker.terminate();
    });
  });
}

/**
 * (e) Postbacks: the real endpoint (offer key, affiliate, conversion stream created with "no
 * stream" expected, read models current) against a bare Express handler doing one INSERT ... ON
 * CONFLICT on the same database, under the same load from another thread. Then the check that
 * repeats counted once: the figures hold exactly the distinct transaction ids recorded.
 * The two alternate round by round (the machine is shared: its other load moves during a run).
 */
export async function measurePostbacks(databaseUrl: string, dataDir: string, load: PostbackLoad) {
  const server = await startBenchServer(databaseUrl, dataDir);
  const pool = createPool(databaseUrl);
  const bare = express();
  await pool.query('CREATE TABLE IF NOT EXISTS bench_bare_postbacks (txid text PRIMARY KEY, source text NOT NULL, kind text NOT NULL, received_at timestamptz NOT NULL DEFAULT now())');
  bare.get('/bare', async (req, res) => {
    const { rowCount } = await pool.query('INSERT INTO bench_bare_postbacks (txid, source, kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [req.query.txid, req.query.source, req.query.event]);
    res.json({ status: rowCount ? 'recorded' : 'duplicate' });
  });
  const bareServer = bare.listen(0, '127.0.0.1');
  await new Promise((resolve) => bareServer.once('listening', resolve));
  try {
    const { uniqueIds } = await openAffiliates(server, 100, new Date());
    const offer = await createOffer(server, 'Bench postbacks', 'postback');
    await settled(server);
    const source = String(uniqueIds[1]);
    const ours = `${server.url}/api/v1/postback?key=${encodeURIComponent(offer.postbackKey)}&source=${source}&event=bill`;
    const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/bare?source=${source}&event=bill`;

    await runLoad(bareUrl, load, load.warmupMs, 'warm-bare');
    await runLoad(ours, load, load.warmupMs, 'warm-ours');
    const rounds: { bare: LoadResult; ours: LoadResult }[] = [];
    for (let round = 1; round <= load.rounds; round++) {
      const bareRound = await runLoad(bareUrl, load, load.durationMs, `bare${round}`);
      rounds.push({ bare: bareRound, ours: await runLoad(ours, load, load.durationMs, `ours${round}`) });
    }
    await settled(server);

    const recorded = rounds.reduce((sum, r) => sum + (r.ours.statuses['200 recorded'] ?? 0), 0);
    const { rows: counted } = await pool.query<{ bills: number; streams: number }>(
      "SELECT (SELECT coalesce(sum(bill), 0)::int FROM rm_figure_rows) AS bills, (SELECT count(DISTINCT stream_id)::int FROM events WHERE type = 'ConversionRecorded') AS streams",
    );
    const { rows: sentIds } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE type = 'ConversionRecorded' AND data->>'txid' LIKE 'ours%'");
    return { rounds, recordedAnswers: recorded, conversionEvents: sentIds[0]!.n, billsCounted: counted[0]!.bills, conversionStreams: counted[0]!.streams };
  } finally {
    bareServer.close();
    await pool.end();
    await server.stop();
  }
}
