import type pg from 'pg';
import type { EventStore, Position, RecordedEvent, Subscription } from '../../backend/src/eventstore/eventStore';
import { inTransaction } from '../../backend/src/db/transaction';
import { START, comparePositions } from '../../backend/src/eventstore/eventStore';
import type { ReadModelProjection } from './projection';

type Checkpoint = { version: number; position: Position };

export type ProjectionRunner = {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves true once every read model includes `position`, or false after `timeoutMs`. */
  waitFor(position: Position, timeoutMs?: number): Promise<boolean>;
  /** Processes everything up to the head of the log, then returns how many events it read. */
  catchUp(): Promise<number>;
  /** The position every read model has reached. */
  lowest(): Position;
};

/**
 * Feeds the events of the log to every read model. For each batch and each projection, the rows
 * and the checkpoint are written in one transaction, and the checkpoint update is a compare-and-set
 * on the previous position: a crash never applies a batch twice, and a second runner (the
 * `npm run projections` process next to an inline one) can never apply the same batch again.
 */
export function createProjectionRunner(options: {
  eventStore: EventStore;
  pool: pg.Pool;
  projections: ReadModelProjection[];
  batchSize?: number;
  onError?: (error: unknown) => void;
}): ProjectionRunner {
  const { eventStore, pool, projections } = options;
  const batchSize = options.batchSize ?? 1000;
  const checkpoints = new Map<string, Checkpoint>();
  const waiters = new Set<{ position: Position; resolve: (reached: boolean) => void }>();
  let subscription: Subscription | undefined;
  let loaded = false;

  async function loadCheckpoints(): Promise<void> {
    for (const projection of projections) {
      await pool.query(
        `INSERT INTO projection_checkpoints (name, version, position_commit, position_prepare)
         VALUES ($1, $2, -1, -1) ON CONFLICT (name) DO NOTHING`,
        [projection.name, projection.version],
      );
      const stored = await readCheckpoint(projection.name);
      if (stored.version !== projection.version) await rebuild(projection, stored);
      else checkpoints.set(projection.name, stored);
    }
    loaded = true;
  }

  async function readCheckpoint(name: string): Promise<Checkpoint> {
    const { rows } = await pool.query<{ version: number; position_commit: number | string; position_prepare: number | string }>(
      'SELECT version, position_commit, position_prepare FROM projection_checkpoints WHERE name = $1',
      [name],
    );
    const row = rows[0]!;
    return { version: row.version, position: { commit: BigInt(row.position_commit), prepare: BigInt(row.position_prepare) } };
  }

  /** A new version of a read model: empty its tables and start it again from the first event. */
  async function rebuild(projection: ReadModelProjection, previous: Checkpoint): Promise<void> {
    await inTransaction(pool, async (tx) => {
      if (projection.tables.length) await tx.query(`TRUNCATE ${projection.tables.join(', ')}`);
      await tx.query(
        `UPDATE projection_checkpoints SET version = $2, position_commit = -1, position_prepare = -1, updated_at = now()
          WHERE name = $1 AND version = $3`,
        [projection.name, projection.version, previous.version],
      );
    });
    checkpoints.set(projection.name, { version: projection.version, position: START });
  }

  async function handleBatch(events: RecordedEvent[]): Promise<void> {
    const last = events[events.length - 1]!.position;
    for (const projection of projections) {
      for (;;) {
        const current = checkpoints.get(projection.name)!;
        if (comparePositions(current.position, last) >= 0) break;
        const pending = events.filter((e) => comparePositions(e.position, current.position) > 0 && projection.handles.has(e.type));
        const applied = await inTransaction(pool, async (tx) => {
          if (pending.length) await projection.apply(pending, tx);
          const { rowCount } = await tx.query(
            `UPDATE projection_checkpoints SET position_commit = $2, position_prepare = $3, updated_at = now()
              WHERE name = $1 AND position_commit = $4 AND position_prepare = $5 AND version = $6`,
            [projection.name, last.commit.toString(), last.prepare.toString(), current.position.commit.toString(), current.position.prepare.toString(), current.version],
          );
          if (rowCount === 1) return true;
          throw new CheckpointMoved();
        }).catch(async (error) => {
          if (!(error instanceof CheckpointMoved)) throw error;
          // Another runner got there first: take its checkpoint and apply only what it has not.
          checkpoints.set(projection.name, await readCheckpoint(projection.name));
          return false;
        });
        if (applied) {
          checkpoints.set(projection.name, { version: current.version, position: last });
          break;
        }
      }
    }
    settleWaiters();
  }

  function lowest(): Position {
    let min: Position | undefined;
    for (const { position } of checkpoints.values()) if (!min || comparePositions(position, min) < 0) min = position;
    return min ?? START;
  }

  function settleWaiters(): void {
    const reached = lowest();
    for (const waiter of waiters) {
      if (comparePositions(reached, waiter.position) >= 0) {
        waiter.resolve(true);
      }
    }
  }

  return {
    async start() {
      if (!loaded) await loadCheckpoints();
      subscription = eventStore.subscribeToAll({
        after: lowest(),
        batchSize,
        onEvents: handleBatch,
        onError: (error) => options.onError?.(error),
      });
    },
    async stop() {
      await subscription?.stop();
      subscription = undefined;
    },
    waitFor(position, timeoutMs = 10_000) {
      if (loaded && comparePositions(lowest(), position) >= 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const waiter = {
          position,
          resolve: (reached: boolean) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(reached);
          },
        };
        const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
        waiters.add(waiter);
      });
    },
    async catchUp() {
      if (!loaded) await loadCheckpoints();
      let count = 0;
      for (;;) {
        const events = await eventStore.readAll({ after: lowest(), limit: batchSize });
        if (events.length === 0) return count;
        await handleBatch(events);
        count += events.length;
      }
    },
    lowest,
  };
}

class CheckpointMoved extends Error {}
