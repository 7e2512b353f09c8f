import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import { positionToString, type EventStore, type Position } from '../eventstore/eventStore';
import type { EventProcessor } from './processor';
import { createMissingIndexes, createProcessorRunner, recreateTables } from './runner';

/**
 * Empties every read model (its tables dropped and created again) and replays the whole log into
 * them. Reactors are left alone: their consequences happened once and must not happen again. A
 * running server's runner notices nothing wrong: its compare-and-set on the checkpoint fails and it
 * continues from wherever the rebuild has got.
 * `until` stops each read model it names at that position instead (the audit's verification
 * rebuilds each as far as its live copy had got); those it does not name go to the head.
 */
export async function rebuildReadModels(options: { eventStore: EventStore; pool: pg.Pool; processors: EventProcessor[]; until?: ReadonlyMap<string, Position> }) {
  const projections = options.processors.filter((p) => p.kind === 'projection');
  await inTransaction(options.pool, async (tx) => {
    for (const projection of projections) {
      await tx.query(
        `INSERT INTO processor_checkpoints (name, kind, version, position_commit, position_prepare) VALUES ($1, 'projection', $2, -1, -1)
         ON CONFLICT (name) DO NOTHING`,
        [projection.name, projection.version],
      );
      await recreateTables(tx, projection, { indexesLater: true });
    }
  });
  const started = performance.now();
  // Read models that stop at the same place replay together (in two lanes of the same runner).
  const groups = new Map<string, { until?: Position; processors: EventProcessor[] }>();
  for (const projection of projections) {
    const until = options.until?.get(projection.name);
    const key = until ? positionToString(until) : 'head';
    if (!groups.has(key)) groups.set(key, { until, processors: [] });
    groups.get(key)!.processors.push(projection);
  }
  let events = 0;
  for (const group of groups.values()) {
    const read = await createProcessorRunner({ eventStore: options.eventStore, pool: options.pool, processors: group.processors, batchSize: 2000, indexesLater: true, readModelLanes: 2 }).catchUp(group.until);
    events = Math.max(events, read);
  }
  await createMissingIndexes(options.pool, projections);
  return { events, seconds: (performance.now() - started) / 1000, readModels: projections.map((p) => p.name) };
}
