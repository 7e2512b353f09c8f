import { randomBytes } from 'node:crypto';
import { type AuditPayoutCheck, type AuditTableComparison, type AuditVerifyReport } from '@affilux/contract';
import pg from 'pg';
import { ifLockFree, inTransaction } from '../db/transaction';
import { START, comparePositions, positionToString, type EventStore, type Position } from '../eventstore/eventStore';
import { declareNoAppends } from '../eventstore/postgresEventStore';
import { conflict } from '../http/errors';
import type { EventProcessor } from '../processing/processor';
import { rebuildReadModels } from '../processing/rebuild';
import type { IsoWeek } from '../time/calendar';
import { explainPayout } from './payoutAudit';

type Deps = { pool: pg.Pool; eventStore: EventStore };
const furthest = (positions: Map<string, Position>) => [...positions.values()].reduce((max, p) => (comparePositions(p, max) > 0 ? p : max), START);
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every table of the read models, with the read model that owns it. */
export const readModelTables = (projections: EventProcessor[]) => projections.flatMap((p) => p.tables.map((t) => ({ read_model: p.name, table: t.name })));

/** Compares a live table with its rebuild, row by row (each row as jsonb; rows may repeat). */
async function compareTable(pool: pg.Pool, live: string, scratch: string, table: { read_model: string; table: string }): Promise<AuditTableComparison> {
  const l = `${quote(live)}.${quote(table.table)}`;
  const s = `${quote(scratch)}.${quote(table.table)}`;
  const { rows } = await pool.query<{ live_rows: number; rebuilt_rows: number; only_live: number; only_rebuilt: number; samples: string[] | null }>(
    `WITH l AS (SELECT to_jsonb(t) AS r FROM ${l} t), s AS (SELECT to_jsonb(t) AS r FROM ${s} t),
          ol AS (SELECT r FROM l EXCEPT ALL SELECT r FROM s), os AS (SELECT r FROM s EXCEPT ALL SELECT r FROM l)
     SELECT (SELECT count(*) FROM l)::int AS live_rows, (SELECT count(*) FROM s)::int AS rebuilt_rows,
            (SELECT count(*) FROM ol)::int AS only_live, (SELECT count(*) FROM os)::int AS only_rebuilt,
            (SELECT array_agg(x) FROM (SELECT 'live: ' || left(r::text, 400) AS x FROM ol LIMIT 3) a) AS samples`,
  );
  const row = rows[0]!;
  return { ...table, live_rows: row.live_rows, rebuilt_rows: row.rebuilt_rows, only_live: row.only_live, only_rebuilt: row.only_rebuilt,
    identical: row.only_live === 0 && row.only_rebuilt === 0, samples: row.samples ?? [] };
}

/** A pool on the same database whose sessions see only the scratch schema, so the rebuild can never touch a live table. */
function scratchPool(pool: pg.Pool, schema: string): pg.Pool {
  return new pg.Pool({ ...(pool.options as pg.PoolConfig), max: 2, options: `-c search_path=${quote(schema)}` });
}

/** Every payout of the log checked again (amount from the events, invoice rendered and hashed). */
export async function checkPayouts(deps: Deps, payouts: { user_id: string; week: IsoWeek }[]): Promise<AuditPayoutCheck[]> {
  const checks: AuditPayoutCheck[] = [];
  for (const { user_id, week } of payouts) {
    const explained = await explainPayout(deps, user_id, week);
    if (!explained) continue;
    checks.push({
      payout_id: explained.payout_id, user_id, week, total: explained.total, recomputed_total: explained.check.recomputed_total,
      amount_matches: explained.check.amount_matches, invoice_sha256: explained.invoice?.recorded_sha256 ?? null,
      regenerated_sha256: explained.invoice?.regenerated_sha256 ?? null, invoice_matches: explained.check.invoice_matches,
      credit_note_matches: explained.check.credit_note_matches, problems: explained.check.problems,
    });
  }
  return checks;
}

/**
 * The live read models as one snapshot sees them, copied into `frozen`, with the position each had
 * reached then (a read model's rows and its checkpoint change in one transaction).
 */
async function freezeLive(pool: pg.Pool, live: string, frozen: string, projections: EventProcessor[]): Promise<Map<string, Position>> {
  return inTransaction(pool, async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    // Copying a large read model takes a while: readers of the log must not wait for this transaction.
    await declareNoAppends(tx);
    const { rows } = await tx.query<{ name: string; position_commit: string; position_prepare: string }>(
      `SELECT name, position_commit, position_prepare FROM ${quote(live)}.processor_checkpoints WHERE name = ANY($1::text[])`,
      [projections.map((p) => p.name)],
    );
    await tx.query(`CREATE SCHEMA ${quote(frozen)}`);
    for (const { table } of readModelTables(projections)) {
      await tx.query(`CREATE TABLE ${quote(frozen)}.${quote(table)} AS TABLE ${quote(live)}.${quote(table)}`);
    }
    return new Map(rows.map((r) => [r.name, { commit: BigInt(r.position_commit), prepare: BigInt(r.position_prepare) }]));
  });
}

export const VERIFY_LOCK = 'audit-verify';
export const VERIFYING_ALREADY = 'Une vérification est déjà en cours : attendez son rapport avant d’en lancer une autre';

/**
 * The audit's verification (issue 11): the live read models copied as one snapshot saw them, each
 * rebuilt from the first event into a scratch schema by the product's own rebuild
 * (processing/rebuild.ts, the runner of `npm run replay`) up to the position its live copy had
 * reached, the two compared table by table, then every payout of the log recomputed from its
 * events and its invoice (and credit note) rendered again and hashed. Events arriving meanwhile are in neither, so a
 * busy server reports no false difference. Both schemas are dropped afterwards.
 */
export async function verifyAudit(deps: Deps, projections: EventProcessor[], now: () => Date = () => new Date()): Promise<AuditVerifyReport> {
  // One at a time per database, whichever process asks: each needs room for every read model twice more.
  const attempt = await ifLockFree(deps.pool, VERIFY_LOCK, () => verifyAlone(deps, projections, now));
  if (!attempt.ran) throw conflict(VERIFYING_ALREADY);
  return attempt.value;
}

async function verifyAlone(deps: Deps, projections: EventProcessor[], now: () => Date): Promise<AuditVerifyReport> {
  const started = now();
  const suffix = randomBytes(6).toString('hex');
  const schema = `audit_scratch_${suffix}`;
  const frozen = `audit_frozen_${suffix}`;
  const { rows } = await deps.pool.query<{ live: string }>('SELECT current_schema() AS live');
  const live = rows[0]!.live;
  await deps.pool.query(`CREATE SCHEMA ${quote(schema)}`);
  const scratch = scratchPool(deps.pool, schema);
  try {
    await deps.pool.query(`CREATE TABLE ${quote(schema)}.processor_checkpoints (LIKE ${quote(live)}.processor_checkpoints INCLUDING ALL)`);
    const reached = await freezeLive(deps.pool, live, frozen, projections);
    const { events } = await rebuildReadModels({ eventStore: deps.eventStore, pool: scratch, processors: projections, until: reached });
    const tables: AuditTableComparison[] = [];
    for (const table of readModelTables(projections)) tables.push(await compareTable(deps.pool, frozen, schema, table));
    // The payouts the log holds, as the rebuild (not the live tables) indexed them.
    const { rows: payouts } = await deps.pool.query<{ user_id: string; week: IsoWeek }>(
      `SELECT user_id::text, week FROM ${quote(schema)}.rm_audit_events WHERE type = 'PayoutIssued' ORDER BY position_commit, position_prepare`,
    );
    const checks = await checkPayouts(deps, payouts);
    const mismatches = checks.filter((c) => !c.amount_matches || c.invoice_matches === false || c.credit_note_matches === false);
    const invoices = checks.filter((c) => c.invoice_matches !== null);
    const creditNotes = checks.filter((c) => c.credit_note_matches !== null);
    const differences = [
      ...tables.filter((t) => !t.identical).map((t) => `${t.table}: ${t.only_live} live row(s) not in the rebuild, ${t.only_rebuilt} rebuilt row(s) not live`),
      ...mismatches.map((c) => `payout ${c.payout_id} (${c.week}): ${c.problems.join('; ') || `${c.total} paid, ${c.recomputed_total} recomputed`}`),
    ];
    return {
      started_at: started.toISOString(), finished_at: now().toISOString(), position: positionToString(furthest(reached)), events, identical: differences.length === 0, tables,
      payouts: { checked: checks.length, matching: checks.length - mismatches.length, mismatches },
      invoices: { checked: invoices.length, matching: invoices.filter((c) => c.invoice_matches).length },
      credit_notes: { checked: creditNotes.length, matching: creditNotes.filter((c) => c.credit_note_matches).length },
      differences,
    };
  } finally {
    await scratch.end();
    await deps.pool.query(`DROP SCHEMA IF EXISTS ${quote(schema)} CASCADE; DROP SCHEMA IF EXISTS ${quote(frozen)} CASCADE`);
  }
}

