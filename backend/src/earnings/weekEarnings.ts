import { deterministicEventId, type Decider } from '../eventstore/commands';
import { conflict } from '../http/errors';
import { addDaysTo, mondayOf, startOfDayInstant, type Day, type IsoWeek } from '../time/calendar';
import { earningsStream, type DayEarnings, type EarningsEvent, type EarningsRow, type WeekLine } from './events';
import { euros } from '../http/frenchText';
import type { DayPricing, PaidKind, TierSpan } from './rateEngine';

/** A day as the rate engine priced it, its rows named by offer and tracker pair. */
export type PricedDay = Omit<DayPricing, 'rows'> & { rows: Omit<EarningsRow, 'delta_cents'>[] };

type RecordedRow = Pick<EarningsRow, 'offer_id' | 'count' | 'amount_cents' | 'spans'>;
type RecordedDay = Pick<PricedDay, 'paid_kind' | 'settings' | 'amount_cents'> & { signature: string; rows: Map<string, RecordedRow> };
export type WeekEarnings = { days: Map<Day, RecordedDay>; closed: boolean };

/** `at`: when what triggered the pricing happened (the import's completion, the postback, the settings change). */
export type RecordWeekPricing = { type: 'RecordWeekPricing'; userId: string; week: IsoWeek; days: PricedDay[]; at: Date };
/** Fixes the week's earnings; `at` is the time of the close (the job's run). */
export type CloseWeek = { type: 'CloseWeek'; userId: string; week: IsoWeek; at: Date };
export type WeekEarningsCommand = RecordWeekPricing | CloseWeek;

/** A week closes on the Tuesday 00:00 (Paris) after its Sunday: a day of grace so that Sunday's figures are in. */
export const closeTimeOf = (week: IsoWeek): Date => startOfDayInstant(addDaysTo(mondayOf(week), 8));

export const weekNotClosable = (week: IsoWeek) => conflict(`La semaine ${week} n'est pas encore close : elle se clôt le mardi suivant à 00:00`);

const rowKey = (row: Pick<EarningsRow, 'offer_id' | 's1' | 's2'>) => `${row.offer_id}|${row.s1}|${row.s2}`;
/**
 * Everything a recorded price says, but the previous amount, the deltas and the rows that earn
 * nothing (a tracker pair with clicks alone): equal signatures mean nothing to record.
 */
const signatureOf = (day: Pick<PricedDay, 'paid_kind' | 'count' | 'first_position' | 'settings' | 'spans' | 'amount_cents' | 'rows'>) =>
  JSON.stringify([
    day.paid_kind, day.count, day.first_position, day.settings, day.spans, day.amount_cents,
    day.rows.filter((r) => r.count !== 0 || r.amount_cents !== 0).map((r) => [rowKey(r), r.count, r.amount_cents]),
  ]);

function recordDays(state: WeekEarnings, recorded: DayEarnings[]): Map<Day, RecordedDay> {
  const days = new Map(state.days);
  for (const data of recorded) {
    days.set(data.day, {
      paid_kind: data.paid_kind,
      settings: data.settings,
      amount_cents: data.amount_cents,
      signature: signatureOf(data),
      rows: new Map(
        data.rows.filter((r) => r.count > 0 || r.amount_cents !== 0).map((r) => [rowKey(r), { offer_id: r.offer_id, count: r.count, amount_cents: r.amount_cents, spans: r.spans }]),
      ),
    });
  }
  return days;
}

const lineKey = (l: Omit<WeekLine, 'count' | 'amount_cents' | 'variant_name'>) =>
  [l.offer_id, l.paid_kind, l.rate_kind, l.tier_level, l.rate_cents, l.variant_id, l.variant_version].join('|');

/** The week's earnings line by line: per offer, paid kind, rate (tier of a variant version, fixed variant version, standard rate). */
export function linesOf(days: Map<Day, RecordedDay>): WeekLine[] {
  const lines = new Map<string, WeekLine>();
  for (const day of days.values()) {
    const { settings } = day;
    const variant = settings.kind === 'standard' ? { variant_id: null, variant_version: null, variant_name: null } : settings;
    for (const row of day.rows.values()) {
      for (const span of row.spans as TierSpan[]) {
        const line: WeekLine = {
          offer_id: row.offer_id, paid_kind: day.paid_kind, rate_kind: settings.kind, tier_level: span.tier_level, rate_cents: span.rate_cents,
          variant_id: variant.variant_id, variant_version: variant.variant_version, variant_name: variant.variant_name, count: 0, amount_cents: 0,
        };
        const key = lineKey(line);
        const current = lines.get(key) ?? line;
        current.count += span.count;
        current.amount_cents += span.amount_cents;
        lines.set(key, current);
      }
    }
  }
  return [...lines.values()].filter((l) => l.count !== 0 || l.amount_cents !== 0).sort(compareLines);
}

function compareLines(a: WeekLine, b: WeekLine): number {
  const ka = [a.offer_id, a.paid_kind, a.variant_id ?? '', String(a.variant_version ?? 0).padStart(6, '0'), String(a.tier_level ?? 0).padStart(6, '0'), String(a.rate_cents).padStart(12, '0')].join('|');
  const kb = [b.offer_id, b.paid_kind, b.variant_id ?? '', String(b.variant_version ?? 0).padStart(6, '0'), String(b.tier_level ?? 0).padStart(6, '0'), String(b.rate_cents).padStart(12, '0')].join('|');
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** after - before, line by line (lines that did not move are left out). */
export function lineDifferences(before: WeekLine[], after: WeekLine[]): WeekLine[] {
  const lines = new Map<string, WeekLine>();
  for (const line of after) lines.set(lineKey(line), { ...line });
  for (const line of before) {
    const key = lineKey(line);
    const current = lines.get(key) ?? { ...line, count: 0, amount_cents: 0 };
    current.count -= line.count;
    current.amount_cents -= line.amount_cents;
    lines.set(key, current);
  }
  return [...lines.values()].filter((l) => l.count !== 0 || l.amount_cents !== 0).sort(compareLines);
}

const total = (lines: WeekLine[]) => lines.reduce((sum, l) => sum + l.amount_cents, 0);
const KIND_WORDS: Record<PaidKind, [string, string]> = { essay: ['essai', 'essais'], bill: ['vente', 'ventes'] };
const highestTier = (lines: WeekLine[]) => Math.max(0, ...lines.filter((l) => l.count > 0 && l.tier_level !== null).map((l) => l.tier_level!));

/** "2026-W14 : +2 ventes, palier 2 → 3, +45,00 EUR": what moved, in the words of the affiliate's statement. */
export function correctionLabel(week: IsoWeek, before: WeekLine[], after: WeekLine[], differences: WeekLine[]): string {
  const parts: string[] = [];
  for (const kind of ['essay', 'bill'] as const) {
    const count = differences.filter((l) => l.paid_kind === kind).reduce((sum, l) => sum + l.count, 0);
    if (count !== 0) parts.push(`${count > 0 ? '+' : ''}${count} ${KIND_WORDS[kind][Math.abs(count) > 1 ? 1 : 0]}`);
  }
  const [from, to] = [highestTier(before), highestTier(after)];
  if (from !== to && from > 0 && to > 0) parts.push(`palier ${from} → ${to}`);
  parts.push(euros(total(after) - total(before), { signed: true }));
  return `${week} : ${parts.join(', ')}`;
}

function closing(state: WeekEarnings, userId: string, week: IsoWeek): EarningsEvent {
  const lines = linesOf(state.days);
  return { type: 'WeekClosed', id: deterministicEventId(earningsStream(userId, week), 'WeekClosed'), data: { user_id: userId, week, lines, total_cents: total(lines) } };
}

/** The days of the new pricing whose price differs from the recorded one, each row as a difference. */
function changedDays(state: WeekEarnings, days: PricedDay[]): DayEarnings[] {
  const priced = new Map(days.map((d) => [d.day, d]));
  // A recorded day that no longer has figures is worth nothing now.
  for (const [day, recorded] of state.days) {
    if (!priced.has(day) && recorded.amount_cents !== 0) {
      priced.set(day, { day, paid_kind: recorded.paid_kind, count: 0, first_position: 1, last_position: 0, settings: recorded.settings, spans: [], amount_cents: 0, rows: [] });
    }
  }
  const changed: DayEarnings[] = [];
  for (const day of [...priced.values()].sort((a, b) => (a.day < b.day ? -1 : 1))) {
    const recorded = state.days.get(day.day);
    if (recorded?.signature === signatureOf(day)) continue;
    if (!recorded && day.amount_cents === 0 && day.rows.every((r) => r.amount_cents === 0)) continue;
    const previous = recorded?.rows ?? new Map<string, RecordedRow>();
    const rows: EarningsRow[] = day.rows.map((r) => ({ ...r, delta_cents: r.amount_cents - (previous.get(rowKey(r))?.amount_cents ?? 0) }));
    const present = new Set(day.rows.map(rowKey));
    for (const [key, row] of previous) {
      if (present.has(key) || row.amount_cents === 0) continue;
      const [offer_id, s1, s2] = key.split('|') as [string, string, string];
      rows.push({ offer_id, s1, s2, count: 0, amount_cents: 0, delta_cents: -row.amount_cents, spans: [] });
    }
    changed.push({
      day: day.day, paid_kind: day.paid_kind, count: day.count, first_position: day.first_position, last_position: day.last_position,
      settings: day.settings, spans: day.spans, amount_cents: day.amount_cents, previous_amount_cents: recorded?.amount_cents ?? 0, rows,
    });
  }
  return changed;
}

/**
 * The one decider of `earnings-<user>-<week>` streams.
 * - Pricing: given the week priced anew, it records (in one event) the days whose price changed (and
 *   a day whose figures all went away, at zero), with each row's difference from what was recorded; a
 *   price identical to the recorded one records nothing, so pricing the same week twice is harmless.
 * - Close: from Tuesday 00:00 after the week, its earnings are fixed line by line, once.
 * - A pricing at or after the close time (or of a closed week) never reopens the week: the week is
 *   closed first if it was not (as it stood), and the new prices are recorded as a correction with
 *   the difference line by line and its label. The rate engine prices every day with the settings in
 *   force that day, so a correction is recomputed with that week's own tiers and rates.
 * - A week with nothing recorded stood at nothing: its first pricing after the close time is a
 *   correction alone, which closes it (a close at zero would post nothing and explain nothing; a
 *   file of past months would record one for each of its affiliate-weeks).
 */
export const weekEarningsDecider: Decider<WeekEarningsCommand, EarningsEvent, WeekEarnings> = {
  initialState: () => ({ days: new Map(), closed: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'WeekEarningsRecorded':
        return { ...state, days: recordDays(state, event.data.days) };
      case 'WeekCorrected':
        return { days: recordDays(state, event.data.days), closed: true };
      case 'WeekClosed':
        return { ...state, closed: true };
    }
  },
  decide(command, state) {
    const { userId, week, at } = command;
    if (command.type === 'CloseWeek') {
      if (at.getTime() < closeTimeOf(week).getTime()) throw weekNotClosable(week);
      return state.closed ? [] : [closing(state, userId, week)];
    }
    const changed = changedDays(state, command.days);
    if (!changed.length) return [];
    if (!state.closed && at.getTime() < closeTimeOf(week).getTime()) return [{ type: 'WeekEarningsRecorded', data: { user_id: userId, week, days: changed } }];
    const events: EarningsEvent[] = state.closed || state.days.size === 0 ? [] : [closing(state, userId, week)];
    const before = linesOf(state.days);
    const after = linesOf(recordDays(state, changed));
    const lines = lineDifferences(before, after);
    events.push({
      type: 'WeekCorrected',
      data: { user_id: userId, week, days: changed, delta_cents: total(after) - total(before), lines, label: correctionLabel(week, before, after, lines) },
    });
    return events;
  },
};
