import type pg from 'pg';
import type pino from 'pino';
import { inTransaction, keepingAConnection } from '../db/transaction';
import { START, comparePositions, type EventStore, type Position, type RecordedEvent, type Subscription } from '../eventstore/eventStore';
import { declareNoAppends } from '../eventstore/postgresEventStore';
import type { EventProcessor } from './processor';

type Checkpoint = { version: number; position: Position };
/**
 * Processors that follow the log together; a reactor's lane waits for the read models at each
 * batch. Its processors act on the events of its `types`; the others only move it on.
 */
type Lane = { processors: EventProcessor[]; afterReadModels: boolean; types: string[] };
const lane = (processors: EventProcessor[], afterReadModels: boolean): Lane => ({ processors, afterReadModels, types: [...new Set(processors.flatMap((p) => [...p.handles]))] });

export type ProcessorRunner = {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves true once every processor of `kind` (all when omitted) includes `position`, or false after `timeoutMs`. */
  waitFor(position: Position, options?: { kind?: EventProcessor['kind']; timeoutMs?: number }): Promise<boolean>;
  /** Processes everything up to the head of the log (or up to `until`, included), then returns how many events it read. */
  catchUp(until?: Position): Promise<number>;
  /** The position every processor of `kind` (all when omitted) has reached. */
  lowest(kind?: EventProcessor['kind']): Position;
  /** The processors whose last batch failed and that are waiting to try it again (empty when all is well). */
  failing(): ProcessingFailure[];
};

/** A processor that failed on a batch: the runner tries it again after `retryInMs`, doubling the wait up to a minute. */
export type ProcessingFailure = { processor: string; error: string; since: Date; attempts: number; retryInMs: number };

/** PostgreSQL's code for connections ended by its own shutdown (Ctrl-C reaches the embedded one with the server). */
const ADMIN_SHUTDOWN = '57P01';
const shuttingDown = (error: unknown): boolean => {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if ((e as { code?: string }).code === ADMIN_SHUTDOWN) return true;
  return false;
};

/** The runner's troubles as the server and `npm run projections` log them. */
export const loggedTroubles = (log: Pick<pino.Logger, 'error' | 'warn'>) => ({
  onError: (error: unknown, failure: ProcessingFailure) =>
    shuttingDown(error)
      ? log.warn({ processor: failure.processor, retryInMs: failure.retryInMs }, 'the database is shutting down: event processing waits for it')
      : log.error({ err: error, processor: failure.processor, attempts: failure.attempts, retryInMs: failure.retryInMs }, 'event processing failed: trying again'),
  onAfterCommitError: (error: unknown) => log.warn({ err: error }, 'work after a processor step failed'),
});

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

const toPosition = (commit: number | string, prepare: number | string): Position => ({ commit: BigInt(commit), prepare: BigInt(prepare) });

/**
 * Feeds the events of the log to every processor, in lanes that follow the log on their own: the
 * read models (in one lane, or `readModelLanes`), and each reactor alone, a batch only once the
 * read models include it (a reactor may read what the batch's events made of them). A slow reactor (invoices drawn, weeks
 * priced) so never holds up the read models or the other reactors. For each batch and each lane, its
 * processors' work and their checkpoints are written in one transaction, and each checkpoint update
 * is a compare-and-set on the previous position: a crash never applies a batch twice, and a second
 * runner (the `npm run projections` process next to an inline one) can never apply the same batch
 * again. Reactors also hold a lock on their name while they work, so two runners never react to the
 * same event at the same time.
 */
export function createProcessorRunner(options: {
  eventStore: EventStore;
  pool: pg.Pool;
  processors: EventProcessor[];
  batchSize?: number;
  /** A batch that failed (named by its processor in a ProcessorFailed): logged by the caller; the runner tries again later. */
  onError?: (error: unknown, failure: ProcessingFailure) => void;
  /** Failures of after-commit work (the work itself was recorded); logged, never fatal. */
  onAfterCommitError?: (error: unknown) => void;
  /** A replay's runner (rebuild.ts): the read models' secondary indexes are created after it, not at its start. */
  indexesLater?: boolean;
  /**
   * Lanes the read models are shared among, side by side (1 unless said): a replay takes two, so that
   * PostgreSQL writes one lane's batch while Node prepares the other's (a read model reads only its
   * own tables, so none waits for another). In service one lane leaves the second core to requests.
   */
  readModelLanes?: number;
}): ProcessorRunner {
  const { eventStore, pool } = options;
  const processors = options.processors;
  const projections = processors.filter((p) => p.kind === 'projection');
  const laneCount = options.readModelLanes ?? 1;
  const readModelLanes = Array.from({ length: laneCount }, (_, n) => projections.filter((_, i) => i % laneCount === n)).filter((part) => part.length);
  const lanes: Lane[] = [
    ...readModelLanes.map((part) => lane(part, false)),
    ...processors.filter((p) => p.kind === 'reactor').map((reactor) => lane([reactor], projections.length > 0)),
  ];
  const batchSize = options.batchSize ?? 1000;
  const checkpoints = new Map<string, Checkpoint>();
  const waiters = new Set<{ position: Position; kind?: EventProcessor['kind']; resolve: (reached: boolean) => void }>();
  let subscriptions: Subscription[] = [];
  let stopping = false;
  let loaded = false;
  const failures = new Map<Lane, ProcessingFailure>();
  const retries = new Set<NodeJS.Timeout>();

  async function loadCheckpoints(): Promise<void> {
    const head = processors.some((p) => p.kind === 'reactor' && p.startFrom === 'now') ? await eventStore.headPosition() : START;
    for (const processor of processors) {
      const checkpoint = await inTransaction(pool, async (tx) => {
        // Two processes starting together must not both rebuild the same read model.
        await lockProcessor(tx, processor.name);
        const start = processor.kind === 'reactor' && processor.startFrom === 'now' ? head : START;
        const inserted = await tx.query(
          `INSERT INTO processor_checkpoints (name, kind, version, position_commit, position_prepare)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING`,
          [processor.name, processor.kind, processor.version, start.commit.toString(), start.prepare.toString()],
        );
        const stored = await readCheckpoint(tx, processor.name);
        if (processor.kind === 'projection' && (inserted.rowCount === 1 || stored.version !== processor.version || !(await tablesExist(tx, processor)))) {
          await recreateTables(tx, processor);
          return { version: processor.version, position: START };
        }
        return stored;
      });
      checkpoints.set(processor.name, checkpoint);
    }
    if (!options.indexesLater) await createMissingIndexes(pool, projections);
    loaded = true;
  }

  /** True once every processor of `kind` includes `position`; false after `timeoutMs` (null: never) or when the runner stops. */
  function reached(position: Position, kind: EventProcessor['kind'] | undefined, timeoutMs: number | null): Promise<boolean> {
    if (loaded && comparePositions(lowest(kind), position) >= 0) return Promise.resolve(true);
    if (stopping) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const waiter = {
        position,
        kind,
        resolve: (done: boolean) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(done);
        },
      };
      const timer = timeoutMs === null ? undefined : setTimeout(() => waiter.resolve(false), timeoutMs);
      waiters.add(waiter);
    });
  }

  async function handleBatch(lane: Lane, events: RecordedEvent[]): Promise<void> {
    const last = events[events.length - 1]!.position;
    if (lane.afterReadModels && !(await reached(last, 'projection', null))) throw new RunnerStopped();
    await applyBatch(lane.processors, events, last);
    failures.delete(lane);
    settleWaiters();
  }

  /**
   * One transaction for the lane's processors still behind `last`: each one's work on the events
   * after its checkpoint, then every checkpoint in one compare-and-set. A lane of read models so
   * commits once per batch, whatever their number; a lane whose processors have nothing to do in the
   * batch only moves its checkpoints.
   */
  async function applyBatch(processors: EventProcessor[], events: RecordedEvent[], last: Position): Promise<void> {
    for (;;) {
      const behind = processors.filter((p) => comparePositions(checkpoints.get(p.name)!.position, last) < 0);
      const pendingOf = new Map(behind.map((p) => {
        const from = checkpoints.get(p.name)!.position;
        return [p, events.filter((e) => p.handles.has(e.type) && comparePositions(e.position, from) > 0)];
      }));
      if (![...pendingOf.values()].some((pending) => pending.length)) return behind.length ? advanceIdle(behind, last) : undefined;
      // Lanes are read models together, or one reactor alone.
      const reactor = behind[0]!.kind === 'reactor' ? behind[0]! : null;
      const afterCommit: (() => Promise<void> | void)[] = [];
      // A reactor keeps its transaction while its commands append on other connections: it takes its turn as such work does.
      const step = (work: () => Promise<boolean>) => (reactor ? keepingAConnection(pool, work, 'reactors') : work());
      const moved = await step(() => inTransaction(pool, async (tx): Promise<boolean> => {
        await declareNoAppends(tx);
        if (reactor) {
          await lockProcessor(tx, reactor.name);
          const stored = await readCheckpoint(tx, reactor.name);
          if (comparePositions(stored.position, checkpoints.get(reactor.name)!.position) !== 0) return true;
        } else {
          // A read model lost in a crash with its checkpoint is built again from the log: it need not wait for the disk.
          await tx.query('SET LOCAL synchronous_commit = off');
        }
        for (const [processor, pending] of pendingOf) {
          if (pending.length) await processor.apply(pending, tx, (work) => afterCommit.push(work)).catch((error) => Promise.reject(new ProcessorFailed(processor.name, error)));
        }
        if ((await moveCheckpoints(tx, behind, last)).size === behind.length) return false;
        throw new CheckpointMoved();
      })).catch((error) => {
        if (error instanceof CheckpointMoved) return true;
        throw error instanceof ProcessorFailed ? error : new ProcessorFailed(behind.map((p) => p.name).join(', '), error);
      });
      if (moved) {
        // Another runner got there first: take its checkpoints and do only what it has not.
        for (const processor of behind) checkpoints.set(processor.name, await readCheckpoint(pool, processor.name));
        continue;
      }
      for (const processor of behind) checkpoints.set(processor.name, { version: checkpoints.get(processor.name)!.version, position: last });
      for (const work of afterCommit) await Promise.resolve().then(work).catch((error) => options.onAfterCommitError?.(error));
      return;
    }
  }

  /** Compare-and-set of these processors' checkpoints from where this runner knows them to `last`: the names it moved. */
  async function moveCheckpoints(db: Queryable, moving: EventProcessor[], last: Position): Promise<Set<string>> {
    const { rows } = await db.query<{ name: string }>(
      `UPDATE processor_checkpoints c SET position_commit = $2, position_prepare = $3, updated_at = now()
         FROM unnest($1::text[], $4::bigint[], $5::bigint[]) AS expected(name, position_commit, position_prepare)
        WHERE c.name = expected.name AND c.position_commit = expected.position_commit AND c.position_prepare = expected.position_prepare
        RETURNING c.name`,
      [
        moving.map((p) => p.name),
        last.commit.toString(),
        last.prepare.toString(),
        moving.map((p) => checkpoints.get(p.name)!.position.commit.toString()),
        moving.map((p) => checkpoints.get(p.name)!.position.prepare.toString()),
      ],
    );
    return new Set(rows.map((r) => r.name));
  }

  /** Processors with nothing to do in the batch move their checkpoints in one statement. */
  async function advanceIdle(idle: EventProcessor[], last: Position): Promise<void> {
    const advanced = await moveCheckpoints(pool, idle, last);
    for (const processor of idle) {
      const current = checkpoints.get(processor.name)!;
      checkpoints.set(processor.name, advanced.has(processor.name) ? { version: current.version, position: last } : await readCheckpoint(pool, processor.name));
    }
  }

  /** The position every one of these processors has reached; null for none. */
  const earliest = (of: EventProcessor[]): Position | null =>
    of.map((p) => checkpoints.get(p.name)?.position ?? START).reduce<Position | null>((min, p) => (min && comparePositions(min, p) <= 0 ? min : p), null);

  const laneLowest = (lane: Lane): Position => earliest(lane.processors)!;

  function lowest(kind?: EventProcessor['kind']): Position {
    return earliest(processors.filter((p) => !kind || p.kind === kind)) ?? (loaded ? { commit: BigInt(Number.MAX_SAFE_INTEGER), prepare: 0n } : START);
  }

  function settleWaiters(): void {
    for (const waiter of waiters) {
      if (comparePositions(lowest(waiter.kind), waiter.position) >= 0) waiter.resolve(true);
    }
  }

  return {
    async start() {
      if (!loaded) await loadCheckpoints();
      stopping = false;
      subscriptions = lanes.map((lane, index) => follow(lane, index));
    },
    async stop() {
      // Every lane told to stop before the lanes (and callers) waiting on the others are let go.
      for (const retry of retries) clearTimeout(retry);
      retries.clear();
      const stopped = subscriptions.map((subscription) => subscription.stop());
      stopping = true;
      for (const waiter of waiters) waiter.resolve(false);
      await Promise.all(stopped);
      subscriptions = [];
    },
    waitFor: (position, { kind, timeoutMs = 10_000 } = {}) => reached(position, kind, timeoutMs),
    async catchUp(until?: Position) {
      if (!loaded) await loadCheckpoints();
      let count = 0;
      const follow = async (lane: Lane): Promise<boolean> => {
        let moved = false;
        for (;;) {
          const page = await eventStore.readAll({ after: laneLowest(lane), limit: batchSize, types: lane.types });
          const read = until ? page.filter((e) => comparePositions(e.position, until) <= 0) : page;
          // A reactor goes no further than the read models (what another reactor appended waits for the next pass).
          const events = lane.afterReadModels ? read.filter((e) => comparePositions(e.position, lowest('projection')) <= 0) : read;
          if (events.length === 0) return moved;
          await handleBatch(lane, events);
          // Events are counted once, by the first lane to read them: read models, or a lone reactor.
          if (lane === lanes[0]) count += events.length;
          moved = true;
        }
      };
      for (let more = true; more; ) {
        // The read models' lanes side by side, then each reactor.
        const moved = await Promise.all(lanes.filter((l) => !l.afterReadModels).map(follow));
        for (const lane of lanes.filter((l) => l.afterReadModels)) moved.push(await follow(lane));
        more = moved.some(Boolean);
      }
      return count;
    },
    lowest,
    failing: () => [...failures.values()],
  };

  /**
   * A lane following the log from its lowest checkpoint. A failed batch (the database gone for a
   * moment, a read model refusing a value) leaves the checkpoints where they were: the lane is
   * followed again after a wait, from the same place, and its failure stays reported until a batch
   * goes through. The other lanes go on meanwhile.
   */
  function follow(lane: Lane, index: number): Subscription {
    return eventStore.subscribeToAll({
      after: laneLowest(lane),
      batchSize,
      onEvents: (events) => handleBatch(lane, events),
      types: lane.types,
      onError: (error) => {
        const previous = failures.get(lane);
        const failure: ProcessingFailure = {
          processor: error instanceof ProcessorFailed ? error.processor : lane.processors.map((p) => p.name).join(', '),
          error: error instanceof Error ? error.message : String(error),
          since: previous?.since ?? new Date(),
          attempts: (previous?.attempts ?? 0) + 1,
          retryInMs: Math.min(previous ? previous.retryInMs * 2 : FIRST_RETRY_MS, LAST_RETRY_MS),
        };
        failures.set(lane, failure);
        options.onError?.(error, failure);
        if (stopping) return;
        const retry = setTimeout(() => {
          retries.delete(retry);
          if (!stopping) subscriptions[index] = follow(lane, index);
        }, failure.retryInMs);
        retries.add(retry);
      },
    });
  }
}

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * Held until the transaction ends. An advisory lock rather than FOR UPDATE on the checkpoint: a row
 * lock gives the transaction an id at once, and readers of the log see nothing committed after a
 * transaction id still running, so a reactor busy for a minute (invoices) would hold every lane back.
 */
async function lockProcessor(tx: pg.PoolClient, name: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('processor:' || $1, 0))", [name]);
}

async function readCheckpoint(db: Queryable, name: string): Promise<Checkpoint> {
  const { rows } = await db.query<{ version: number; position_commit: number | string; position_prepare: number | string }>(
    'SELECT version, position_commit, position_prepare FROM processor_checkpoints WHERE name = $1',
    [name],
  );
  const row = rows[0]!;
  return { version: row.version, position: toPosition(row.position_commit, row.position_prepare) };
}

async function tablesExist(db: Queryable, processor: EventProcessor): Promise<boolean> {
  if (processor.tables.length === 0) return true;
  const { rows } = await db.query<{ missing: number }>('SELECT count(*)::int AS missing FROM unnest($1::text[]) AS t(name) WHERE to_regclass(t.name) IS NULL', [
    processor.tables.map((t) => t.name),
  ]);
  return rows[0]!.missing === 0;
}

/**
 * Drops a read model's tables, creates them from their definitions and moves its checkpoint back to
 * the first event. With `indexesLater`, the tables' secondary indexes are left out, for the caller to
 * create once it has replayed the log into them (createMissingIndexes).
 */
export async function recreateTables(tx: pg.PoolClient, processor: EventProcessor, options: { indexesLater?: boolean } = {}): Promise<void> {
  for (const table of processor.tables) {
    await tx.query(`DROP TABLE IF EXISTS ${table.name} CASCADE`);
    await tx.query(table.ddl);
    if (!options.indexesLater) for (const index of table.indexes ?? []) await tx.query(index);
  }
  await tx.query(
    `UPDATE processor_checkpoints SET version = $2, position_commit = -1, position_prepare = -1, updated_at = now() WHERE name = $1`,
    [processor.name, processor.version],
  );
}

/** The name a secondary index is created under ('CREATE INDEX IF NOT EXISTS <name> ON ...', as TableDefinition.indexes are written). */
const indexName = (statement: string): string => {
  const name = /^CREATE INDEX IF NOT EXISTS (\w+) ON /.exec(statement)?.[1];
  if (!name) throw new Error(`A read model's index must read 'CREATE INDEX IF NOT EXISTS <name> ON ...': ${statement}`);
  return name;
};

/**
 * Creates the read models' secondary indexes that do not exist: after a replay, and at a start (a
 * replay stopped before its last step left them out). One look at the catalogue finds them, so a
 * start takes no lock on tables whose indexes are all there.
 */
export async function createMissingIndexes(db: Queryable, projections: EventProcessor[]): Promise<void> {
  const statements = projections.flatMap((p) => p.tables.flatMap((t) => t.indexes ?? []));
  if (!statements.length) return;
  const { rows } = await db.query<{ name: string }>('SELECT name FROM unnest($1::text[]) AS i(name) WHERE to_regclass(name) IS NULL', [statements.map(indexName)]);
  const missing = new Set(rows.map((r) => r.name));
  for (const statement of statements) if (missing.has(indexName(statement))) await db.query(statement);
}

class CheckpointMoved extends Error {}
class ProcessorFailed extends Error {
  constructor(
    readonly processor: string,
    cause: unknown,
  ) {
    super(`${processor}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}
class RunnerStopped extends Error {}
