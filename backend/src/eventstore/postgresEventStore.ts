import { EventEmitter } from 'node:events';
import type pg from 'pg';
import {
  START,
  WrongExpectedRevisionError,
  comparePositions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
} from './eventStore';

/**
 * Event store on a PostgreSQL table (`events`, created by the migrations), in the same database
 * as the read models.
 *
 * Ordering without gaps: a sequence number is taken when a row is inserted, but transactions
 * commit in any order, so a reader that saw position 11 could later miss position 10 committing.
 * Like Emmett, every row carries the id of the transaction that wrote it (pg_current_xact_id()),
 * and readers only see transactions older than the oldest one still running (VISIBLE_BELOW). Any
 * transaction that can still commit has an id at or above that bound, so ordering by
 * (transaction id, sequence) never lets a committed event appear behind a reader's checkpoint.
 * Writers are never serialised.
 */
export function createPostgresEventStore(pool: pg.Pool, options: { pollIntervalMs?: number } = {}): EventStore {
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const appended = new EventEmitter();
  appended.setMaxListeners(0);

  async function append(streamId: string, events: NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    for (;;) {
      let rows: AppendedRow[];
      let uniqueViolation = false;
      try {
        ({ rows } = await pool.query<AppendedRow>(appendStatement(streamId, events, expectedRevision)));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        rows = [];
        uniqueViolation = true;
      }
      if (rows.length > 0) {
        const last = rows[rows.length - 1]!;
        appended.emit('appended');
        return {
          nextExpectedRevision: last.stream_revision,
          position: { commit: BigInt(last.transaction_id), prepare: BigInt(last.global_position) },
        };
      }
      const stored = await alreadyAppended(streamId, events);
      if (stored) return stored;
      // A concurrent append took the revision this one computed. With no revision to honour that
      // is no conflict: append again on the stream's new tail.
      if (uniqueViolation && (expectedRevision === 'any' || expectedRevision === 'stream_exists')) continue;
      const { rows: current } = await pool.query<{ rev: number | null }>('SELECT max(stream_revision) AS rev FROM events WHERE stream_id = $1', [streamId]);
      throw new WrongExpectedRevisionError(streamId, expectedRevision, current[0]?.rev ?? 'no_stream');
    }
  }

  /** The result of a retried append whose events are all stored already; undefined when none is. */
  async function alreadyAppended(streamId: string, events: NewEvent[]): Promise<AppendResult | undefined> {
    const { rows } = await pool.query<EventRow>(`SELECT ${COLUMNS} FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY global_position`, [
      events.map((e) => e.id),
    ]);
    if (rows.length === 0) return undefined;
    if (rows.length === events.length && rows.every((r) => r.stream_id === streamId)) {
      const last = toRecorded(rows[rows.length - 1]!);
      return { nextExpectedRevision: last.revision, position: last.position };
    }
    throw new Error(`Some of these event ids are already stored: ${rows.map((r) => r.event_id).join(', ')}`);
  }

  async function readStream(streamId: string): Promise<RecordedEvent[]> {
    const { rows } = await pool.query<EventRow>({
      name: 'events.readStream',
      text: `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 ORDER BY stream_revision`,
      values: [streamId],
    });
    return rows.map(toRecorded);
  }

  async function readStreams(streamIds: readonly string[], fromRevisions?: ReadonlyMap<string, number>): Promise<Map<string, RecordedEvent[]>> {
    const streams = new Map<string, RecordedEvent[]>(streamIds.map((id) => [id, []]));
    if (!streamIds.length) return streams;
    const { rows } = await pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM events JOIN unnest($1::text[], $2::int[]) AS wanted(id, from_revision) ON stream_id = wanted.id AND stream_revision >= wanted.from_revision
        ORDER BY stream_id, stream_revision`,
      [streamIds, streamIds.map((id) => fromRevisions?.get(id) ?? 0)],
    );
    for (const row of rows) streams.get(row.stream_id)!.push(toRecorded(row));
    return streams;
  }

  async function appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    const nonEmpty = appends.filter((a) => a.events.length > 0);
    if (!nonEmpty.length) return [];
    const events = nonEmpty.flatMap((a) => a.events.map((event, i) => ({ streamId: a.streamId, ordinal: i + 1, event })));
    const { rows } = await pool.query<AppendedRow & { stream_id: string }>(APPEND_MANY_SQL, [
      JSON.stringify(events.map((e) => ({ stream_id: e.streamId, id: e.event.id, type: e.event.type, data: e.event.data, metadata: e.event.metadata, ordinal: e.ordinal }))),
      nonEmpty.map((a) => a.streamId),
      nonEmpty.map((a) => (typeof a.expectedRevision === 'number' ? 'revision' : a.expectedRevision)),
      nonEmpty.map((a) => (typeof a.expectedRevision === 'number' ? a.expectedRevision : null)),
    ]).catch((error) => {
      if (!isUniqueViolation(error)) throw error;
      return { rows: [] };
    });
    if (!rows.length) {
      // Nothing was appended: name the first stream whose revision was not the expected one.
      const current = await pool.query<{ stream_id: string; rev: number | null }>(
        'SELECT stream_id, max(stream_revision) AS rev FROM events WHERE stream_id = ANY($1::text[]) GROUP BY stream_id',
        [nonEmpty.map((a) => a.streamId)],
      );
      const revisions = new Map(current.rows.map((r) => [r.stream_id, r.rev ?? -1]));
      const stale = nonEmpty.find((a) => !revisionMatches(a.expectedRevision, revisions.get(a.streamId) ?? -1)) ?? nonEmpty[0]!;
      const actual = revisions.get(stale.streamId) ?? -1;
      throw new WrongExpectedRevisionError(stale.streamId, stale.expectedRevision, actual < 0 ? 'no_stream' : actual);
    }
    appended.emit('appended');
    const last = new Map<string, AppendedRow>();
    for (const row of rows) last.set(row.stream_id, row);
    return nonEmpty.map((a) => {
      const row = last.get(a.streamId)!;
      return { nextExpectedRevision: row.stream_revision, position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) } };
    });
  }

  async function readAll({ after, limit, maxBytes = DEFAULT_MAX_BYTES, types }: ReadAllOptions): Promise<RecordedEvent[]> {
    const { rows } = await pool.query<EventRow>({
      name: 'events.readAll',
      text: READ_ALL_SQL,
      values: [after.commit < 0n ? '0' : after.commit.toString(), after.prepare.toString(), limit, maxBytes, types ?? null],
    });
    return rows.map(toRecorded);
  }

  const readShared = sharedPages((after, limit) => readAll({ after, limit }));

  function subscribeToAll({ after, onEvents, onError, batchSize = 1000 }: SubscribeOptions): Subscription {
    let stopped = false;
    // Set by an append that lands while a read is in flight, so its wake-up is not lost.
    let appendedDuringRead = false;
    let wake: (() => void) | undefined;
    const onAppended = () => {
      appendedDuringRead = true;
      wake?.();
    };
    appended.on('appended', onAppended);

    const loop = (async () => {
      let position = after;
      while (!stopped) {
        appendedDuringRead = false;
        const events = await readShared(position, batchSize);
        if (stopped) break;
        if (events.length > 0) {
          await onEvents(events);
          position = events[events.length - 1]!.position;
          continue;
        }
        if (appendedDuringRead) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollIntervalMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    })().catch((error) => {
      if (!stopped) onError(error);
    });

    return {
      async stop() {
        stopped = true;
        appended.off('appended', onAppended);
        wake?.();
        await loop;
      },
    };
  }

  async function headPosition(): Promise<Position> {
    // The last committed event, even when an older transaction still running hides it from readers:
    // a caller waiting for the head after its own append must wait for that append too.
    const { rows } = await pool.query<{ transaction_id: string; global_position: string }>(
      'SELECT transaction_id::text, global_position FROM events ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1',
    );
    const row = rows[0];
    return row ? { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) } : START;
  }

  return {
    kind: 'postgresql',
    append,
    readStream,
    readStreams,
    appendMany,
    readAll,
    subscribeToAll,
    headPosition,
    async close() {
      appended.removeAllListeners();
    },
  };
}

/** Pages of the log kept for the subscriptions following it (each under DEFAULT_MAX_BYTES of data). */
const SHARED_PAGES = 6;

/**
 * One reading of the log for every subscription of the process. The runner's lanes follow the log
 * close together (at the head, each append wakes them all), so a page read for one (whole, every
 * type) is kept for the others, and a read already under way is joined rather than made again.
 * What a page holds never changes: the log before an event a reader has seen is final (VISIBLE_BELOW).
 */
function sharedPages(read: (after: Position, limit: number) => Promise<RecordedEvent[]>) {
  // Each page: every event after `after`, up to its last one.
  const pages: { after: Position; events: RecordedEvent[] }[] = [];
  const reading = new Map<string, Promise<RecordedEvent[]>>();
  return async (after: Position, limit: number): Promise<RecordedEvent[]> => {
    for (const page of pages) {
      if (comparePositions(after, page.after) < 0 || comparePositions(after, page.events[page.events.length - 1]!.position) >= 0) continue;
      const first = page.events.findIndex((e) => comparePositions(e.position, after) > 0);
      return page.events.slice(first, first + limit);
    }
    const key = `${after.commit}/${after.prepare}`;
    let page = reading.get(key);
    if (!page) {
      page = read(after, limit)
        .then((events) => {
          if (events.length) pages.push({ after, events });
          if (pages.length > SHARED_PAGES) pages.shift();
          return events;
        })
        .finally(() => reading.delete(key));
      reading.set(key, page);
    }
    return (await page).slice(0, limit);
  };
}

/** A batch of events read at once stays under this many bytes of data (always at least one event), whatever their count. */
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The single INSERT of an append: it computes the next revisions and checks the expected one in
 * the same statement. Exported so tests can run it inside a transaction they hold open. The events
 * go as one JSON document read once into records: PostgreSQL parses a large array parameter
 * (text[], jsonb[]) several times slower (a batch of year-long payouts: seconds).
 */
export function appendStatement(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): pg.QueryConfig {
  return {
    name: 'events.append',
    text: APPEND_SQL,
    values: [
      streamId,
      JSON.stringify(events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata }))),
      typeof expectedRevision === 'number' ? 'revision' : expectedRevision,
      typeof expectedRevision === 'number' ? expectedRevision : null,
    ],
  };
}

/**
 * Marks the transaction as one that never appends to the log (a processor's step: its appends go
 * through the pool, on other connections), so readers need not wait for it to end. Without the
 * mark, a read model or reactor busy for a minute in one transaction (a large import's pricing,
 * invoices drawn) would hide every event appended meanwhile from every reader. The mark lasts
 * until the transaction ends, and the `events` table refuses an insert from a marked transaction
 * (migration 1763720700000), so the mark can never hide an event.
 */
export async function declareNoAppends(tx: Pick<pg.PoolClient, 'query'>): Promise<void> {
  await tx.query(`SET LOCAL application_name = '${NO_APPENDS}'`);
}
const NO_APPENDS = 'affilux-no-appends';

/**
 * The oldest transaction that was running when the statement's snapshot was taken
 * (pg_snapshot_xmin), leaving out transactions known to run in another database (they cannot
 * write this database's events, and on a server shared by several databases, tests or several
 * environments, they would otherwise hold back every reader) and those declared as never
 * appending (declareNoAppends). A transaction whose database cannot be seen (it has just ended,
 * or the role may not see it) still counts, which is only slower.
 */
const VISIBLE_BELOW = `(
  SELECT coalesce(min(running.xid), pg_snapshot_xmax(pg_current_snapshot()))
    FROM pg_snapshot_xip(pg_current_snapshot()) AS running(xid)
   WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity AS other
                      WHERE other.backend_xid = running.xid::xid
                        AND (other.datname <> current_database() OR other.application_name = '${NO_APPENDS}')))`;

/**
 * Up to $3 events after a position, stopping before the batch's stored data passes $4 bytes (the
 * first event always comes): a batch of large events (an import's chunks) stays small in memory.
 * The page is cut first, then measured, so the window never runs past it.
 */
// An event of a type not asked for ($5) is returned without its data and metadata, which are then never read from disk.
const READ_ALL_SQL = `
  SELECT global_position, transaction_id::text, stream_id, stream_revision, event_id, type, data, metadata
    FROM (SELECT page.*, sum(pg_column_size(page.data)) OVER (ORDER BY page.transaction_id, page.global_position) - pg_column_size(page.data) AS before
            FROM (SELECT e.global_position, e.transaction_id, e.stream_id, e.stream_revision, e.event_id, e.type,
                         CASE WHEN $5::text[] IS NULL OR e.type = ANY($5::text[]) THEN e.data ELSE '{}'::json END AS data,
                         CASE WHEN $5::text[] IS NULL OR e.type = ANY($5::text[]) THEN e.metadata ELSE '{}'::json END AS metadata
                    FROM events e
                   WHERE (e.transaction_id, e.global_position) > ($1::text::xid8, $2::bigint)
                     AND e.transaction_id < ${VISIBLE_BELOW}
                   ORDER BY e.transaction_id, e.global_position
                   LIMIT $3) page) batch
   WHERE before = 0 OR before < $4
   ORDER BY batch.transaction_id, batch.global_position`;

const APPEND_SQL = `
  WITH current_stream AS (
    SELECT coalesce(max(stream_revision), -1) AS revision FROM events WHERE stream_id = $1
  )
  INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata)
  SELECT $1, current_stream.revision + e.ordinal, e.id, e.type, e.data, e.metadata
    FROM current_stream, ROWS FROM (json_to_recordset($2::json) AS (id uuid, type text, data json, metadata json)) WITH ORDINALITY AS e(id, type, data, metadata, ordinal)
   WHERE CASE $3::text
           WHEN 'any' THEN true
           WHEN 'no_stream' THEN current_stream.revision = -1
           WHEN 'stream_exists' THEN current_stream.revision >= 0
           ELSE current_stream.revision = $4::int
         END
  RETURNING stream_revision, global_position, transaction_id::text`;

/** Several streams' appends in one statement: every expected revision holds, or nothing is inserted. */
const APPEND_MANY_SQL = `
  WITH input AS (
    SELECT * FROM ROWS FROM (json_to_recordset($1::json) AS (stream_id text, id uuid, type text, data json, metadata json, ordinal int))
      WITH ORDINALITY AS i(stream_id, id, type, data, metadata, ordinal, position_in_batch)
  ), expected AS (
    SELECT x.stream_id, x.kind, x.revision AS expected,
           coalesce((SELECT max(e.stream_revision) FROM events e WHERE e.stream_id = x.stream_id), -1) AS current
      FROM unnest($2::text[], $3::text[], $4::int[]) AS x(stream_id, kind, revision)
  ), checked AS (
    SELECT bool_and(CASE kind WHEN 'any' THEN true WHEN 'no_stream' THEN current = -1 WHEN 'stream_exists' THEN current >= 0 ELSE current = expected END) AS ok FROM expected
  )
  INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata)
  SELECT i.stream_id, x.current + i.ordinal, i.id, i.type, i.data, i.metadata
    FROM input i JOIN expected x ON x.stream_id = i.stream_id, checked
   WHERE checked.ok
   ORDER BY i.position_in_batch
  RETURNING stream_id, stream_revision, global_position, transaction_id::text`;

function revisionMatches(expected: ExpectedRevision, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === -1;
  if (expected === 'stream_exists') return current >= 0;
  return current === expected;
}

type AppendedRow = { stream_revision: number; global_position: string; transaction_id: string };

// transaction_id::text is output as "transaction_id": an ORDER BY must name events.transaction_id,
// or it sorts the text ('1000' before '999').
const COLUMNS = 'global_position, transaction_id::text, stream_id, stream_revision, event_id, type, data, metadata';

type EventRow = {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
};

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: row.stream_revision,
    position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) },
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}
