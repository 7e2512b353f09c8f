import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { holdingLock, inTransaction } from '../db/transaction';
import { toNewEvents, type CommandContext } from '../eventstore/commands';
import type { ExpectedRevision, Position } from '../eventstore/eventStore';
import type { AppDeps } from '../feature';
import { AppError } from '../http/errors';
import { dayOf } from '../time/calendar';
import { API_KEY_REFUSED } from './apiKeys';
import { COUNT_FIELDS, statsImportStream, type FigureChange, type ImportSender, type StatsImportEvent } from './events';
import { loadLookups } from './lookups';
import { FILE_LINE, readRawRow, type FigureRow, type RawStatRow, type RowError } from './rawStats';

/** How many rows are staged, and recorded, per statement and per event. */
const CHUNK_ROWS = 2000;
/** How many refused rows an answer lists (all are counted). */
const LISTED_ERRORS = 1000;
/** Imports are applied one at a time: each compares the file with what the previous ones left. */
const IMPORT_LOCK = 'stats-import';

/** Runs `work` while no import records: what it changes (an API key revoked) holds for every import recorded after it. */
export const pausingImports = <T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> => holdingLock(pool, IMPORT_LOCK, work);

export type ImportChanges = { rows_changed: number; days_changed: number; affiliates: number };
export type ImportResult =
  | { ok: false; rows_received: number; errors_total: number; errors: RowError[] }
  | ({ ok: true; import_id: string | null; preview: boolean; rows_received: number; days_received: number } & ImportChanges);

type Deps = Pick<AppDeps, 'pool' | 'eventStore' | 'readModels'>;

/**
 * Takes a file of daily statistics whole or not at all.
 *
 * 1. Every row is read and checked (rawStats.ts) as it streams in, and its figures are staged in
 *    `import_rows` (a day sent twice in one file is refused there); memory stays flat whatever the
 *    file's size. One refused row refuses the file: nothing is recorded, every reason is answered.
 * 2. The staged file is compared with what imports said of the same affiliate-days (offers taking
 *    figures by postback now are left alone, and conversions that came by postback are never an
 *    import's, whatever the offer takes now): a day sent again replaces that day, so only rows that
 *    differ are recorded, with their difference, and a file identical to what is known records nothing.
 * 3. The changes are recorded on `stats-import-<id>` in chunks, then the completion that makes them
 *    count (statistics/projection.ts); a crash before it leaves the import without effect.
 * A preview does 1 and 2 and records nothing.
 */
export async function importStats(
  deps: Deps,
  rows: AsyncIterable<RawStatRow>,
  options: {
    preview: boolean; fileName: string | null; sender: ImportSender; ctx: CommandContext;
    /**
     * The offers an API key sends figures for (null: every offer, and figures without one): its file
     * may name no other, and replaces a day's figures of these offers only, never another brand's.
     */
    offerScope?: string[] | null;
    /** Asked again once the import holds the lock, before it records: the sender may have lost its right while the file came in (a revoked API key). */
    stillAllowed?: (tx: pg.PoolClient) => Promise<boolean>;
  },
): Promise<ImportResult> {
  const importId = randomUUID();
  const scope = options.offerScope ?? null;
  const lookups = await loadLookups(deps.pool, dayOf(options.ctx.now), scope);
  try {
    const staged = await stage(deps.pool, importId, rows, lookups);
    if (staged.errors_total > 0) return { ok: false, ...staged };
    if (options.preview) {
      const changes = await countChanges(deps.pool, importId, scope);
      return { ok: true, import_id: null, preview: true, rows_received: staged.rows_received, days_received: staged.days_received, ...changes };
    }
    const recorded = await record(deps, importId, staged.rows_received, scope, options);
    if (recorded.position) await deps.readModels.waitForConsequences(recorded.position);
    return { ok: true, import_id: recorded.position ? importId : null, preview: false, rows_received: staged.rows_received, days_received: staged.days_received, ...recorded.changes };
  } finally {
    await deps.pool.query('DELETE FROM import_rows WHERE import_id = $1', [importId]);
    await deps.pool.query('DELETE FROM import_days WHERE import_id = $1', [importId]);
  }
}

/** A day of the file as staged: its affiliate and date, and the row and source it came from (to name it if refused). */
type StagedDay = { user_id: string; day: string; row: number; source: string };

async function stage(pool: pg.Pool, importId: string, rows: AsyncIterable<RawStatRow>, lookups: Awaited<ReturnType<typeof loadLookups>>) {
  const errors: RowError[] = [];
  let errorsTotal = 0;
  let received = 0;
  let days: StagedDay[] = [];
  let figures: FigureRow[] = [];
  const refuse = (error: RowError) => {
    errorsTotal++;
    if (errors.length < LISTED_ERRORS) errors.push(error);
  };
  const write = async (chunkDays: StagedDay[], chunkFigures: FigureRow[]) => {
    if (chunkDays.length) {
      const { rows: inserted } = await pool.query<{ row_number: number }>(
        `INSERT INTO import_days (import_id, user_id, day, row_number) SELECT $1, * FROM unnest($2::uuid[], $3::date[], $4::int[])
         ON CONFLICT DO NOTHING RETURNING row_number`,
        [importId, chunkDays.map((d) => d.user_id), chunkDays.map((d) => d.day), chunkDays.map((d) => d.row)],
      );
      const kept = new Set(inserted.map((r) => r.row_number));
      for (const day of chunkDays) {
        if (!kept.has(day.row)) refuse({ row: day.row, source: day.source, stat_date: day.day, reason: 'jour en double dans le fichier (même affilié, même date)' });
      }
    }
    if (chunkFigures.length && errorsTotal === 0) {
      await pool.query(
        `INSERT INTO import_rows (import_id, user_id, day, offer_id, s1, s2, click, registered, essay, bill)
         SELECT $1, * FROM unnest($2::uuid[], $3::date[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[])`,
        [importId, ...(['user_id', 'day', 'offer_id', 's1', 's2', ...COUNT_FIELDS] as const).map((field) => chunkFigures.map((f) => f[field]))],
      );
    }
  };
  // One chunk is written while the next is read: the reading and PostgreSQL work side by side, in order.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing;
    writing = write(days, figures);
    // Its failure is met at the next flush (or below); until then it is not an unhandled rejection.
    writing.catch(() => {});
    days = [];
    figures = [];
  };
  try {
    for await (const raw of rows) {
      received++;
      // Named by its line in a CSV file, by its place in `rows` in JSON.
      const place = raw[FILE_LINE] ?? received;
      const read = readRawRow(raw, place, lookups);
      if (!read.ok) {
        refuse(read.error);
        continue;
      }
      days.push({ user_id: read.user_id, day: read.day, row: place, source: String(raw.source) });
      // A row whose four counts are zero is what "nothing" already means.
      figures.push(...read.rows.filter((row) => COUNT_FIELDS.some((field) => row[field] > 0)));
      if (figures.length >= CHUNK_ROWS || days.length >= CHUNK_ROWS) await flush();
    }
    await flush();
  } finally {
    // The caller drops the staged rows once this returns: no write may still be on its way.
    await writing.catch(() => {});
  }
  await writing;
  if (received === 0) throw new AppError(400, 'Le fichier ne contient aucune ligne');
  errors.sort((a, b) => a.row - b.row);
  return { rows_received: received, days_received: received - errorsTotal, errors_total: errorsTotal, errors };
}

/** The staged file against the figures known for its affiliate-days (of the sender's offers, $2, when it has some): every row whose counts differ. */
const CHANGES = `
  WITH days AS (SELECT user_id, day FROM import_days WHERE import_id = $1),
  known AS (
    SELECT f.user_id, f.day, f.offer_id, f.s1, f.s2, f.imported_click AS click, f.imported_registered AS registered, f.imported_essay AS essay, f.imported_bill AS bill
      FROM rm_figure_rows f JOIN days d ON d.user_id = f.user_id AND d.day = f.day
     WHERE (f.offer_id = '' OR f.offer_id IN (SELECT id::text FROM rm_offers WHERE intake = 'import'))
       AND ($2::text[] IS NULL OR f.offer_id = ANY($2::text[]))
       AND (f.imported_click, f.imported_registered, f.imported_essay, f.imported_bill) <> (0, 0, 0, 0)),
  sent AS (SELECT user_id, day, offer_id, s1, s2, click, registered, essay, bill FROM import_rows WHERE import_id = $1)
  SELECT coalesce(s.user_id, k.user_id) AS user_id, coalesce(s.day, k.day)::text AS day, coalesce(s.offer_id, k.offer_id) AS offer_id,
         coalesce(s.s1, k.s1) AS s1, coalesce(s.s2, k.s2) AS s2,
         coalesce(s.click, 0) AS click, coalesce(s.registered, 0) AS registered, coalesce(s.essay, 0) AS essay, coalesce(s.bill, 0) AS bill,
         coalesce(s.click, 0) - coalesce(k.click, 0) AS d_click, coalesce(s.registered, 0) - coalesce(k.registered, 0) AS d_registered,
         coalesce(s.essay, 0) - coalesce(k.essay, 0) AS d_essay, coalesce(s.bill, 0) - coalesce(k.bill, 0) AS d_bill
    FROM sent s FULL OUTER JOIN known k
      ON (s.user_id, s.day, s.offer_id, s.s1, s.s2) = (k.user_id, k.day, k.offer_id, k.s1, k.s2)
   WHERE (coalesce(s.click, 0), coalesce(s.registered, 0), coalesce(s.essay, 0), coalesce(s.bill, 0))
      <> (coalesce(k.click, 0), coalesce(k.registered, 0), coalesce(k.essay, 0), coalesce(k.bill, 0))`;

async function countChanges(db: Pick<pg.Pool | pg.PoolClient, 'query'>, importId: string, scope: string[] | null): Promise<ImportChanges> {
  const { rows } = await db.query<ImportChanges>(
    `SELECT count(*)::int AS rows_changed, count(DISTINCT (user_id, day))::int AS days_changed, count(DISTINCT user_id)::int AS affiliates FROM (${CHANGES}) c`,
    [importId, scope],
  );
  return rows[0]!;
}

type ChangeRow = Omit<FigureChange, 'delta'> & { d_click: number; d_registered: number; d_essay: number; d_bill: number };

const toChange = (r: ChangeRow): FigureChange => ({
  user_id: r.user_id, day: r.day, offer_id: r.offer_id, s1: r.s1, s2: r.s2,
  click: Number(r.click), registered: Number(r.registered), essay: Number(r.essay), bill: Number(r.bill),
  delta: { click: Number(r.d_click), registered: Number(r.d_registered), essay: Number(r.d_essay), bill: Number(r.d_bill) },
});

/**
 * Records the changes, imports one at a time: under the lock, once the read models include every
 * import recorded before (so this one compares with what they left), the changes are read through a
 * cursor and appended chunk by chunk.
 */
async function record(deps: Deps, importId: string, rowsReceived: number, scope: string[] | null, options: Parameters<typeof importStats>[2]) {
  // Imports waiting for their turn hold no connection: many files sent at once never take the pool from the one recording.
  return holdingLock(deps.pool, IMPORT_LOCK, () => inTransaction(deps.pool, async (tx) => {
    if (options.stillAllowed && !(await options.stillAllowed(tx))) throw new AppError(401, API_KEY_REFUSED);
    if (!(await deps.readModels.waitFor(await deps.eventStore.headPosition()))) {
      throw new AppError(503, 'Les statistiques sont en cours de mise à jour : réessayez dans un instant');
    }
    await abandonUnfinishedImports(deps, tx, options.ctx);
    const stream = statsImportStream(importId);
    let expected: ExpectedRevision = 'no_stream';
    const append = async (events: StatsImportEvent[]) => {
      const result = await deps.eventStore.append(stream, toNewEvents(events, options.ctx), { expectedRevision: expected });
      expected = result.nextExpectedRevision;
      return result.position;
    };
    // The changes come ordered by affiliate and day, so they are counted as they pass, in one reading.
    const changes: ImportChanges = { rows_changed: 0, days_changed: 0, affiliates: 0 };
    let lastUser = '';
    let lastDay = '';
    await tx.query(`DECLARE import_changes NO SCROLL CURSOR FOR ${CHANGES} ORDER BY 1, 2, 3, 4, 5`, [importId, scope]);
    let pending: StatsImportEvent[] = [{ type: 'StatsImportStarted', data: { import_id: importId, file_name: options.fileName, rows_received: rowsReceived, sender: options.sender } }];
    for (let chunk = 1; ; chunk++) {
      const { rows } = await tx.query<ChangeRow>(`FETCH ${CHUNK_ROWS} FROM import_changes`);
      if (!rows.length) break;
      for (const row of rows) {
        changes.rows_changed++;
        if (row.user_id !== lastUser) changes.affiliates++;
        if (row.user_id !== lastUser || row.day !== lastDay) changes.days_changed++;
        lastUser = row.user_id;
        lastDay = row.day;
      }
      pending.push({ type: 'FiguresImported', data: { import_id: importId, chunk, rows: rows.map(toChange) } });
      await append(pending);
      pending = [];
    }
    // A file identical to what is known records nothing, not even its start.
    if (changes.rows_changed === 0) return { changes, position: null as Position | null };
    const position = await append([{ type: 'StatsImportCompleted', data: { import_id: importId, ...changes } }]);
    return { changes, position: position as Position | null };
  }));
}

/**
 * An import whose process died between its chunks and its completion never counted; under the
 * lock, none can still be running, so it is marked abandoned and its staged chunks are dropped.
 */
async function abandonUnfinishedImports(deps: Deps, tx: pg.PoolClient, ctx: CommandContext): Promise<void> {
  const { rows } = await tx.query<{ import_id: string }>('SELECT DISTINCT import_id FROM rm_import_pending');
  for (const { import_id } of rows) {
    const stream = statsImportStream(import_id);
    const recorded = await deps.eventStore.readStream(stream);
    if (recorded.some((e) => e.type === 'StatsImportCompleted' || e.type === 'StatsImportAbandoned')) continue;
    const abandoned: StatsImportEvent = { type: 'StatsImportAbandoned', data: { import_id } };
    const { position } = await deps.eventStore.append(stream, toNewEvents([abandoned], ctx), { expectedRevision: recorded.length ? recorded[recorded.length - 1]!.revision : 'no_stream' });
    await deps.readModels.waitFor(position);
  }
}
