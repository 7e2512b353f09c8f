/**
 * The payout run in a process of its own, for the crash test (payoutCrash.int.test.ts): the same
 * function the Wednesday job and the admin's run call, on DATABASE_URL, for WEEK at NOW, in batches
 * of BATCH affiliates. The test's server keeps the read models and reactors going; this process
 * follows them through their checkpoints.
 */
import pino from 'pino';
import { createPool } from '../backend/src/db/database';
import { createEventStore } from '../backend/src/eventstore/index';
import { features } from '../backend/src/features';
import { runPayouts } from '../backend/src/payouts/payoutRun';
import { createCheckpointWatcher } from '../backend/src/processing/checkpointWatcher';
import { processorsOf } from '../backend/src/processing/index';

const pool = createPool(process.env.DATABASE_URL!);
const log = pino({ level: 'silent' });
const eventStore = createEventStore({ pool, features });
const processors = processorsOf(features, { eventStore, pool, log, publicUrl: '', mail: { enqueue: async () => {}, enqueueInReaction: async () => {} } });
const watcher = createCheckpointWatcher(pool, processors);
const readModels = { waitFor: (p: Parameters<typeof watcher.waitFor>[0]) => watcher.waitFor(p, { kind: 'projection' }), waitForConsequences: (p: Parameters<typeof watcher.waitFor>[0]) => watcher.waitFor(p) };
const summary = await runPayouts({ pool, eventStore, readModels }, process.env.WEEK!, new Date(process.env.NOW!), { batchSize: Number(process.env.BATCH ?? 500) });
console.log(JSON.stringify(summary));
await eventStore.close();
await pool.end();
