import type pg from 'pg';
import { inTransaction } from '../db/transaction';
import type { EventStore } from '../eventstore/eventStore';
import type { EventProcessor } from './processor';
import { createProcessorRunner, recreateTables } from './runner';

/**
 * Empties every read model (its tables dropped and created again) and replays the whole log into
 * them. Reactors are left alone: their consequences happened once and must not happen again. A
 * running server's runner notices nothing wrong: its compare-and-set on the checkpoint fails and it
 * continues from wherever the rebuild has got.
 */
export async function rebuildReadModels(options: { eventStore: EventStore; pool: pg.Pool; processors: EventProcessor[] }) {
  const projections = options.processors.filter((p) => p.kind === 'projection');
  await inTransaction(options.pool, async (tx) => {
    for (const projection of projections) {
      await tx.query(
        `INSERT INTO processor_checkpoints (name, kind, version, position_commit, position_prepare) VALUES ($1, 'projection', $2, -1, -1)
         ON CONFLICT (name) DO NOTHING`,
        [projection.name, projection.version],
      );
      await recreateTables(tx, projection);
    }
  });
  const started = performance.now();
  const events = await createProcessorRunner({ eventStore: options.eventStore, pool: options.pool, processors: projections, batchSize: 2000 }).catchUp();
  return { events, seconds: (performance.now() - started) / 1000, readModels: projections.map((p) => p.name) };
}
