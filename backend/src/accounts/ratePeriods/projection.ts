import type { PaymentType } from '@affilux/contract';
import type pg from 'pg';
import { projection } from '../../processing/processor';
import { userIdOfStream } from '../events';
import { emptyRatePeriodsState, foldRatePeriodEvent, RATE_PERIOD_EVENTS, type RatePeriodEvent, type RatePeriodsState, type VariantCopy } from './periods';
import { ratePeriodStandardRatesTable, ratePeriodsTable, ratePeriodVariantsTable, type RatePeriodRow } from './schema';

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * What a batch needs from the tables: the variants and standard rates (small), and the current
 * period of every affiliate the batch may move (its own settings changed, or it is on a variant or
 * a standard rate the batch changes). A batch then costs a handful of statements whatever its size.
 */
async function loadState(tx: pg.PoolClient, events: RatePeriodEvent[]): Promise<RatePeriodsState> {
  const state = emptyRatePeriodsState();
  const users = new Set<string>();
  const variants = new Set<string>();
  const standardTypes = new Set<PaymentType>();
  for (const event of events) {
    if (event.type === 'PaymentSettingsChanged') users.add(userIdOfStream(event.streamId));
    else if (event.type === 'StandardRateChanged') standardTypes.add(event.data.payment_type);
    else variants.add(event.data.variant_id);
  }
  // One after the other: a transaction's client runs one query at a time.
  const variantRows = await tx.query<VariantCopy>('SELECT * FROM rm_rate_period_variants');
  const standardRows = await tx.query<{ id: PaymentType; amount_cents: number }>('SELECT * FROM rm_rate_period_standard_rates');
  const currentRows = await tx.query<RatePeriodRow>(
    `SELECT * FROM rm_rate_periods WHERE ended_at IS NULL
       AND (user_id = ANY($1::uuid[]) OR (NOT standard AND variant_id = ANY($2::uuid[])) OR (standard AND payment_type = ANY($3::text[])))`,
    [[...users], [...variants], [...standardTypes]],
  );
  for (const variant of variantRows.rows) state.variants.set(variant.id, variant);
  for (const rate of standardRows.rows) state.standardRates.set(rate.id, rate.amount_cents);
  for (const row of currentRows.rows) state.current.set(row.user_id, { ...row, started_at: iso(row.started_at) });
  return state;
}

/** Writes what the batch changed: `stored` are the ids of the current periods it loaded. */
async function store(tx: pg.PoolClient, state: RatePeriodsState, stored: Set<string>, events: RatePeriodEvent[]): Promise<void> {
  const defined = new Set(events.flatMap((e) => (e.type === 'PaymentVariantCreated' || e.type === 'PaymentVariantUpdated' ? [e.data.variant_id] : [])));
  const rated = new Set(events.flatMap((e) => (e.type === 'StandardRateChanged' ? [e.data.payment_type] : [])));
  const variants = [...state.variants.values()].filter((variant) => defined.has(variant.id));
  const standardRates = [...state.standardRates].filter(([type]) => rated.has(type));
  const written = [...state.written.values()];
  const ended = written.filter((period) => stored.has(period.id));
  const started = written.filter((period) => !stored.has(period.id));
  // Ended and removed first: a new current period must not meet the one it replaces (one current period per affiliate).
  if (state.removed.size) await tx.query('DELETE FROM rm_rate_periods WHERE id = ANY($1::uuid[])', [[...state.removed]]);
  if (ended.length) {
    await tx.query(
      `UPDATE rm_rate_periods p SET ended_at = e.ended_at FROM jsonb_to_recordset($1::jsonb) AS e(id uuid, ended_at timestamptz) WHERE p.id = e.id`,
      [JSON.stringify(ended.map(({ id, ended_at }) => ({ id, ended_at })))],
    );
  }
  if (started.length) {
    await tx.query(`INSERT INTO rm_rate_periods SELECT * FROM json_populate_recordset(NULL::rm_rate_periods, $1::json)`, [JSON.stringify(started)]);
  }
  if (variants.length) {
    await tx.query(
      `INSERT INTO rm_rate_period_variants SELECT * FROM json_populate_recordset(NULL::rm_rate_period_variants, $1::json)
       ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, payment_type = EXCLUDED.payment_type, name = EXCLUDED.name,
         base_amount_cents = EXCLUDED.base_amount_cents, is_evolutionary = EXCLUDED.is_evolutionary, tiers = EXCLUDED.tiers`,
      [JSON.stringify(variants)],
    );
  }
  if (standardRates.length) {
    await tx.query(
      `INSERT INTO rm_rate_period_standard_rates SELECT * FROM json_populate_recordset(NULL::rm_rate_period_standard_rates, $1::json)
       ON CONFLICT (id) DO UPDATE SET amount_cents = EXCLUDED.amount_cents`,
      [JSON.stringify(standardRates.map(([id, amount_cents]) => ({ id, amount_cents })))],
    );
  }
}

/**
 * The rate periods read model (schema.ts): the pure fold of periods.ts over each batch. It reads
 * only its own tables, so it rebuilds alone from the log.
 */
export const ratePeriodsProjection = projection({
  name: 'rate_periods',
  version: 1,
  tables: [ratePeriodsTable, ratePeriodVariantsTable, ratePeriodStandardRatesTable],
  handles: RATE_PERIOD_EVENTS,
  async apply(events, tx) {
    const batch = events as RatePeriodEvent[];
    const state = await loadState(tx, batch);
    const stored = new Set([...state.current.values()].map((period) => period.id));
    for (const event of batch) foldRatePeriodEvent(state, event);
    await store(tx, state, stored, batch);
  },
});
