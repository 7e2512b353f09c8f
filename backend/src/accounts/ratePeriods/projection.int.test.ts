import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/testDatabase';
import { systemContext, toNewEvents, type DomainEvent } from '../../eventstore/commands';
import { START, type EventStore } from '../../eventstore/eventStore';
import { createPostgresEventStore } from '../../eventstore/postgresEventStore';
import { rebuildReadModels } from '../../processing/rebuild';
import { createProcessorRunner } from '../../processing/runner';
import type { VariantDefinition } from '../../variants/events';
import { ratePeriodsOf, RATE_PERIOD_EVENTS, type RatePeriodEvent } from './periods';
import { ratePeriodsProjection } from './projection';
import { ratePeriodAt, ratePeriodOnDay, rateHistory } from './queries';

const U1 = '10000000-0000-4000-8000-000000000001';
const U2 = '10000000-0000-4000-8000-000000000002';
const GOLD = '20000000-0000-4000-8000-000000000001';
const gold: VariantDefinition = {
  variant_id: GOLD, payment_type: 'sale', name: 'Gold', base_amount_cents: 2500, is_evolutionary: true,
  tiers: [
    { tier_level: 1, min_sales: 0, max_sales: 199, amount_cents: 2500 },
    { tier_level: 2, min_sales: 200, max_sales: null, amount_cents: 3000 },
  ],
};

let db: TestDatabase;
let eventStore: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  eventStore = createPostgresEventStore(db.pool, { pollIntervalMs: 20 });
  // The story of two affiliates over November 2026 (Paris is UTC+1): every way a period starts.
  const story: [string, string, DomainEvent][] = [
    ['2026-11-01T08:00:00Z', `payment-variant-${GOLD}`, { type: 'PaymentVariantCreated', data: gold }],
    ['2026-11-02T10:00:00Z', `user-${U1}`, { type: 'PaymentSettingsChanged', data: { payment_type: 'ppt', variant_id: null } }],
    ['2026-11-02T11:00:00Z', `user-${U2}`, { type: 'PaymentSettingsChanged', data: { payment_type: 'sale', variant_id: GOLD } }],
    ['2026-11-04T14:00:00Z', 'standard-rates', { type: 'StandardRateChanged', data: { payment_type: 'ppt', amount_cents: 2200 } }],
    ['2026-11-05T15:30:00Z', `user-${U1}`, { type: 'PaymentSettingsChanged', data: { payment_type: 'sale', variant_id: GOLD } }],
    ['2026-11-09T09:00:00Z', `payment-variant-${GOLD}`, { type: 'PaymentVariantUpdated', data: { ...gold, name: 'Gold+', base_amount_cents: 2700 } }],
    ['2026-11-09T09:00:00Z', `user-${U2}`, { type: 'PaymentSettingsChanged', data: { payment_type: 'ppt', variant_id: null } }],
    ['2026-11-12T22:30:00Z', 'standard-rates', { type: 'StandardRateChanged', data: { payment_type: 'ppt', amount_cents: 2400 } }],
  ];
  for (const [time, stream, event] of story) {
    await eventStore.append(stream, toNewEvents([event], systemContext(new Date(time))), { expectedRevision: 'any' });
  }
});

afterAll(() => db?.drop());

const project = (batchSize: number) => createProcessorRunner({ eventStore, pool: db.pool, processors: [ratePeriodsProjection], batchSize }).catchUp();

async function storedPeriods() {
  const { rows } = await db.pool.query('SELECT * FROM rm_rate_periods ORDER BY user_id, started_at');
  return rows.map((row) => ({ ...row, started_at: row.started_at.toISOString(), ended_at: row.ended_at?.toISOString() ?? null }));
}

describe('the rate periods read model in PostgreSQL', () => {
  it('stores what the fold gives, whatever the batches the log comes in (here three events at a time)', async () => {
    await project(3);
    const events = (await eventStore.readAll({ after: START, limit: 100 })).filter((e) => (RATE_PERIOD_EVENTS as readonly string[]).includes(e.type));
    expect(await storedPeriods()).toEqual(ratePeriodsOf(events as RatePeriodEvent[]));
    const u1 = (await rateHistory(db.pool, U1)).map((p) => [p.standard ? 'standard' : `${p.variant_name}#${p.variant_version}`, p.base_amount_cents, p.cause]);
    expect(u1).toEqual([
      ['Gold+#2', 2700, 'variant_version'],
      ['Gold#1', 2500, 'settings'],
      ['standard', 2200, 'standard_rate'],
      ['standard', 2000, 'settings'],
    ]);
    const u2 = (await rateHistory(db.pool, U2)).map((p) => [p.standard ? 'standard' : `${p.variant_name}#${p.variant_version}`, p.base_amount_cents, p.cause]);
    // The variant's new version and U2's move to PPT were recorded at the same instant: U2 never was on Gold+,
    // and it joined PPT at the standard rate set on the 4th.
    expect(u2).toEqual([
      ['standard', 2400, 'standard_rate'],
      ['standard', 2200, 'settings'],
      ['Gold#1', 2500, 'settings'],
    ]);
  });

  it('answers the settings in force at an instant, and on a day (those at its end in Paris)', async () => {
    expect(await ratePeriodAt(db.pool, U1, new Date('2026-11-02T09:59:59Z'))).toBeNull();
    expect((await ratePeriodAt(db.pool, U1, new Date('2026-11-02T10:00:00Z')))?.base_amount_cents).toBe(2000);
    expect((await ratePeriodAt(db.pool, U1, new Date('2026-11-04T13:59:59Z')))?.base_amount_cents).toBe(2000);
    // The standard rate changed on the 4th at 15:00 Paris time: the whole 4th is paid at 22.00.
    expect((await ratePeriodOnDay(db.pool, U1, '2026-11-04'))?.base_amount_cents).toBe(2200);
    expect((await ratePeriodOnDay(db.pool, U1, '2026-11-05'))).toMatchObject({ variant_name: 'Gold', variant_version: 1 });
    expect((await ratePeriodOnDay(db.pool, U1, '2026-11-09'))).toMatchObject({ variant_name: 'Gold+', variant_version: 2 });
    // 22:30 UTC on the 12th is 23:30 in Paris: still the 12th.
    expect((await ratePeriodOnDay(db.pool, U2, '2026-11-12'))?.base_amount_cents).toBe(2400);
    expect((await ratePeriodOnDay(db.pool, U2, '2026-11-11'))?.base_amount_cents).toBe(2200);
    expect(await ratePeriodOnDay(db.pool, U1, '2026-11-01')).toBeNull();
  });

  it('gives the same periods, ids included, when replayed from the first event', async () => {
    const before = await storedPeriods();
    const { rows: variantsBefore } = await db.pool.query('SELECT * FROM rm_rate_period_variants ORDER BY id');
    await rebuildReadModels({ eventStore, pool: db.pool, processors: [ratePeriodsProjection] });
    expect(await storedPeriods()).toEqual(before);
    expect((await db.pool.query('SELECT * FROM rm_rate_period_variants ORDER BY id')).rows).toEqual(variantsBefore);
    expect((await db.pool.query('SELECT * FROM rm_rate_period_standard_rates')).rows).toEqual([{ id: 'ppt', amount_cents: 2400 }]);
  });
});
