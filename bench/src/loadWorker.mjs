import { parentPort, workerData } from 'node:worker_threads';

/**
 * A load generator in its own thread (so the server's event loop is its own): `connections`
 * loops, each sending GET `${baseUrl}&txid=...` one after the other for `durationMs`. Every
 * `repeatEvery`-th request repeats a transaction id already sent (a sender retrying). Answers each
 * request's latency, the statuses seen, and the transaction ids sent. Plain JavaScript: worker
 * threads do not take the TypeScript loader.
 */
const { baseUrl, connections, durationMs, repeatEvery, prefix } = workerData;

const latencies = [];
const statuses = {};
let sent = 0;
let failures = 0;
const deadline = Date.now() + durationMs;

async function loop() {
  while (Date.now() < deadline) {
    const n = sent++;
    const txid = repeatEvery > 0 && n % repeatEvery === repeatEvery - 1 ? `${prefix}-${Math.floor(n / 2)}` : `${prefix}-${n}`;
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}&txid=${encodeURIComponent(txid)}`);
      const body = await response.json();
      statuses[`${response.status} ${body.status ?? ''}`.trim()] = (statuses[`${response.status} ${body.status ?? ''}`.trim()] ?? 0) + 1;
    } catch {
      failures++;
    }
    latencies.push(performance.now() - started);
  }
}

await Promise.all(Array.from({ length: connections }, loop));
parentPort.postMessage({ latencies, statuses, failures, sent });
