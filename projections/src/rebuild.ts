import type pg from 'pg';
import { inTransaction } from '../../backend/src/db/transaction';
import type { EventStore } from '../../backend/src/eventstore/eventStore';
import type { ReadModelProjection } from './projection';
import { createProjectionRunner } from './runner';

/**
 * Empties every read model and its checkpoint, then replays the whole log into them. A running
 * server's runner notices nothing wrong: its compare-and-set on the checkpoint fails and it
 * continues from wherever the rebuild has got.
 */
export async function rebuildReadModels(options: { eventStore: EventStore; pool: pg.Pool; projections: ReadModelProjection[] }) {
  const { pool, projections } = options;
  await inTransaction(pool, async (tx) => {
    await tx.query(`TRUNCATE ${projections.flatMap((p) => p.tables).join(', ')}`);
    await tx.query('DELETE FROM projection_checkpoints WHERE name = ANY($1)', [projections.map((p) => p.name)]);
  });
  const started = performance.now();
  const events = await createProjectionRunner({ ...options, batchSize: 2000 }).catchUp();
  return { events, seconds: (performance.now() - started) / 1000 };
}
