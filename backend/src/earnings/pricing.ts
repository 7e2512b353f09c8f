import { formatAffiliateId } from '@affilux/contract';
import type pg from 'pg';
import { userIdOfStream, type AccountEvent } from '../accounts/events';
import type { RatePeriodRow } from '../accounts/ratePeriods/schema';
import { handleCommandBatch, reactionContext, streamStateCache, type StreamStateCache } from '../eventstore/commands';
import type { RecordedEvent } from '../eventstore/eventStore';
import type { ReactorDeps } from '../feature';
import type { FiguresEvent } from '../figures/events';
import { batchReactor } from '../processing/processor';
import { daysOfWeek, dayOf, isoWeek, isoWeekOfDay, mondayOf, type Day, type IsoWeek } from '../time/calendar';
import type { StandardRateEvent, VariantEvent } from '../variants/events';
import { earningsStream } from './events';
import { priceWeek, settingsOnDay, type FigureRow, type RateSettings, type SettingsPeriod } from './rateEngine';
import { weekEarningsDecider, type PricedDay, type WeekEarnings } from './weekEarnings';

type Triggering = RecordedEvent &
  (
    | FiguresEvent
    | Extract<AccountEvent, { type: 'PaymentSettingsChanged' }>
    | Extract<VariantEvent, { type: 'PaymentVariantUpdated' }>
    | StandardRateEvent
  );

type Week = { user_id: string; week: IsoWeek; cause: RecordedEvent };

/**
 * Prices again every affiliate-week whose figures or settings just changed, and records what each
 * day earned on the week's stream (`earnings-<user>-<week>`, weekEarnings.ts): after an import is
 * completed (its changed weeks are kept in `pricing_pending` while its chunks arrive), after a
 * postback or its reversal, and when an affiliate's settings, its variant or the standard rate
 * change (which can only change the price of the day they change on: today). Pricing reads the
 * figures and the rate periods the projections keep (they include this batch: they run first), and
 * records only what changed, so running it twice records nothing twice. A week priced at or after its
 * close time is not reopened: the decider records the difference as a correction (weekEarnings.ts).
 */
export const PRICING = 'pricing';

export const pricing = (deps: Pick<ReactorDeps, 'eventStore' | 'pool' | 'log'>) => {
  // The weeks this runner priced last (about a day's file of a large network), so a busy week is not read again at every batch.
  const known = streamStateCache<WeekEarnings>(5_000);
  return batchReactor<Triggering>({
    name: PRICING,
    handles: ['FiguresImported', 'StatsImportCompleted', 'StatsImportAbandoned', 'ConversionRecorded', 'ConversionReversed', 'PaymentSettingsChanged', 'PaymentVariantUpdated', 'StandardRateChanged'],
    async react(events, { tx }) {
      const weeks = new Map<string, Week>();
      const add = (user_id: string, week: IsoWeek, cause: RecordedEvent) => weeks.set(`${user_id}|${week}`, { user_id, week, cause });
      for (const event of events) {
        switch (event.type) {
          case 'FiguresImported': {
            const pairs = [...new Set(event.data.rows.map((r) => `${r.user_id}|${isoWeekOfDay(r.day)}`))].map((p) => p.split('|') as [string, IsoWeek]);
            await tx.query(
              'INSERT INTO pricing_pending (import_id, user_id, week) SELECT $1, * FROM unnest($2::uuid[], $3::text[]) ON CONFLICT DO NOTHING',
              [event.data.import_id, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
            );
            break;
          }
          case 'StatsImportCompleted': {
            const { rows } = await tx.query<{ user_id: string; week: IsoWeek }>('DELETE FROM pricing_pending WHERE import_id = $1 RETURNING user_id, week', [event.data.import_id]);
            for (const row of rows) add(row.user_id, row.week, event);
            break;
          }
          case 'StatsImportAbandoned':
            await tx.query('DELETE FROM pricing_pending WHERE import_id = $1', [event.data.import_id]);
            break;
          case 'ConversionRecorded':
          case 'ConversionReversed':
            add(event.data.user_id, isoWeekOfDay(event.data.day), event);
            break;
          case 'PaymentSettingsChanged':
            add(userIdOfStream(event.streamId), isoWeek(new Date(event.metadata.occurredAt)), event);
            break;
          case 'PaymentVariantUpdated':
          case 'StandardRateChanged':
            for (const user of await affiliatesWithFiguresOnPeriodStartedBy(tx, event)) add(user, isoWeek(new Date(event.metadata.occurredAt)), event);
            break;
        }
      }
      // A slice of weeks at a time: a file of a year of figures never sits in memory whole.
      const all = [...weeks.values()];
      for (let i = 0; i < all.length; i += PRICING_BATCH) await priceWeeks(deps, tx, all.slice(i, i + PRICING_BATCH), known);
    },
  });
};

/** Affiliates whose rate period the event started (rate periods read model) and who have figures on the event's day. */
async function affiliatesWithFiguresOnPeriodStartedBy(tx: pg.PoolClient, event: RecordedEvent): Promise<string[]> {
  const { rows } = await tx.query<{ user_id: string }>(
    `SELECT DISTINCT p.user_id FROM rm_rate_periods p JOIN rm_affiliate_days d ON d.user_id = p.user_id AND d.day = $2::date
      WHERE p.cause_event_id = $1`,
    [event.id, dayOf(new Date(event.metadata.occurredAt))],
  );
  return rows.map((r) => r.user_id);
}

/** What a rate period says a conversion is worth; null for a period the rate engine cannot price (a variant never defined). */
export function settingsOfPeriod(period: Pick<RatePeriodRow, 'payment_type' | 'standard' | 'variant_id' | 'variant_version' | 'variant_name' | 'base_amount_cents' | 'is_evolutionary' | 'tiers'>): RateSettings | null {
  if (period.base_amount_cents === null) return null;
  if (period.standard || !period.variant_id) return { kind: 'standard', payment_type: period.payment_type, amount_cents: period.base_amount_cents };
  const variant = { variant_id: period.variant_id, variant_version: period.variant_version ?? 1, variant_name: period.variant_name ?? '' };
  return period.is_evolutionary && period.tiers.length
    ? { kind: 'tiers', payment_type: period.payment_type, ...variant, tiers: period.tiers }
    : { kind: 'fixed', payment_type: period.payment_type, ...variant, amount_cents: period.base_amount_cents };
}

async function priceWeeks(deps: Pick<ReactorDeps, 'eventStore' | 'log'>, tx: pg.PoolClient, weeks: Week[], known: StreamStateCache<WeekEarnings>): Promise<void> {
  const users = weeks.map((w) => w.user_id);
  const mondays = weeks.map((w) => mondayOf(w.week));
  // One statement at a time: a client runs its queries in order anyway.
  const { rows: figures } = await tx.query<{ user_id: string; day: Day; offer_id: string; s1: string; s2: string; essay: number; bill: number }>(
    `SELECT f.user_id, f.day::text AS day, f.offer_id, f.s1, f.s2, f.essay, f.bill
       FROM rm_figure_rows f JOIN unnest($1::uuid[], $2::date[]) AS w(user_id, monday) ON f.user_id = w.user_id AND f.day BETWEEN w.monday AND w.monday + 6`,
    [users, mondays],
  );
  const { rows: periods } = await tx.query<RatePeriodRow & { started_at: Date; ended_at: Date | null }>('SELECT * FROM rm_rate_periods WHERE user_id = ANY($1::uuid[])', [users]);
  const { rows: offers } = await tx.query<{ id: string; unique_id: number }>('SELECT id::text, unique_id FROM rm_offers');
  const offerOrder = new Map(offers.map((o) => [o.id, formatAffiliateId(o.unique_id)]));
  // Rows of a day in the documented order: no offer first, offers by 5-digit id, default tracker row first, then trackers by s1 and s2.
  const keyOf = (row: { offer_id: string; s1: string; s2: string }) => `${row.offer_id ? (offerOrder.get(row.offer_id) ?? `~${row.offer_id}`) : ''}\u0001${row.s1}\u0001${row.s2}\u0001${row.offer_id}`;
  const periodsOf = new Map<string, SettingsPeriod[]>();
  for (const period of periods) {
    const settings = settingsOfPeriod(period);
    if (!settings) continue;
    const list = periodsOf.get(period.user_id) ?? [];
    list.push({ started_at: new Date(period.started_at), ended_at: period.ended_at ? new Date(period.ended_at) : null, settings });
    periodsOf.set(period.user_id, list);
  }
  const figuresOf = new Map<string, Map<Day, (FigureRow & { offer_id: string; s1: string; s2: string })[]>>();
  for (const row of figures) {
    const key = `${row.user_id}|${isoWeekOfDay(row.day)}`;
    const days = figuresOf.get(key) ?? new Map();
    days.set(row.day, [...(days.get(row.day) ?? []), { key: keyOf(row), essay: Number(row.essay), bill: Number(row.bill), offer_id: row.offer_id, s1: row.s1, s2: row.s2 }]);
    figuresOf.set(key, days);
  }

  const commands = weeks.map(({ user_id, week, cause }) => {
    const days = figuresOf.get(`${user_id}|${week}`) ?? new Map();
    const weekDays = daysOfWeek(week).flatMap((day) => {
      const settings = settingsOnDay(periodsOf.get(user_id) ?? [], day);
      if (!settings) {
        if (days.has(day)) deps.log.warn({ user_id, day }, 'figures on a day without rate settings are not priced');
        return [];
      }
      return [{ day, settings, rows: days.get(day) ?? [] }];
    });
    const rowsByKey = new Map([...days.values()].flat().map((r) => [`${r.key}`, r]));
    const priced: PricedDay[] = priceWeek(weekDays)
      .filter((d) => d.rows.length > 0)
      .map((d) => ({ ...d, rows: d.rows.map((r) => ({ offer_id: rowsByKey.get(r.key)!.offer_id, s1: rowsByKey.get(r.key)!.s1, s2: rowsByKey.get(r.key)!.s2, count: r.count, amount_cents: r.amount_cents, spans: r.spans })) }));
    const ctx = reactionContext(cause);
    return { streamId: earningsStream(user_id, week), command: { type: 'RecordWeekPricing' as const, userId: user_id, week, days: priced, at: ctx.now }, ctx };
  });
  await handleCommandBatch(deps, weekEarningsDecider, commands, known);
}

/** Affiliate-weeks read and recorded per statement. */
const PRICING_BATCH = 1000;
