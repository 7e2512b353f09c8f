import { formatAffiliateId } from '@affilux/contract';
import { addDaysTo, type Day } from '../time/calendar';

/**
 * The demo network's daily figures, as brands would send them: one raw stat row per affiliate and
 * day (the spec's `source`, `stat_date`, `data` with `siteGroups` per offer and tracker pairs).
 * Pure and deterministic: the same affiliate and day always give the same counts, whatever the
 * order they are asked in, so a day can be sent again with a correction.
 */

/** A number in [0, 1) from a text, then the next ones (FNV-1a into mulberry32). */
export function randomFrom(key: string): () => number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  let state = hash >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type PromotedOffer = {
  uniqueId: number;
  /** Its part of the affiliate's traffic. */
  share: number;
  /** From when the affiliate promotes it (a private offer given later). */
  from: Day;
  /** Tracker pairs (s1, s2) and the part of the offer's figures each brings. */
  trackers: { s1: string; s2: string; part: number }[];
};

/** How an affiliate's traffic behaves. */
export type Promoter = {
  uniqueId: number;
  opened: Day;
  /** Its figures stop the day its account is frozen. */
  frozenFrom: Day | null;
  /** Average clicks a day once established. */
  volume: number;
  /** Registrations per click, trials (essays) and sales (bills) per registration. */
  rates: { registered: number; essay: number; bill: number };
  offers: PromotedOffer[];
  /** Some traffic comes without an offer (`globals`). */
  globals: boolean;
};

export type RawStatRow = { source: string; stat_date: Day; data: Record<string, unknown> };
type Counts = { click: number; registered: number; essay: number; bill: number };

const WEEKDAY_FACTORS = [1.25, 0.9, 1, 1, 1.05, 1.1, 1.3]; // Sunday first, as Date.getUTCDay counts

const daysBetween = (from: Day, to: Day) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

function countsFor(clicks: number, rates: Promoter['rates'], random: () => number): Counts {
  const click = Math.max(0, Math.round(clicks));
  const registered = Math.round(click * rates.registered * (0.75 + 0.5 * random()));
  return {
    click,
    registered,
    essay: Math.round(registered * rates.essay * (0.6 + 0.8 * random())),
    bill: Math.round(registered * rates.bill * (0.5 + random())),
  };
}

const part = (counts: Counts, fraction: number): Counts => ({
  click: Math.floor(counts.click * fraction),
  registered: Math.floor(counts.registered * fraction),
  essay: Math.floor(counts.essay * fraction),
  bill: Math.floor(counts.bill * fraction),
});

/** The affiliate's row for a day, or null when it had no traffic (not open yet, frozen, or a quiet day). */
export function dayRow(promoter: Promoter, day: Day): RawStatRow | null {
  if (day < promoter.opened || (promoter.frozenFrom !== null && day >= promoter.frozenFrom)) return null;
  const random = randomFrom(`${promoter.uniqueId}|${day}`);
  if (random() < 0.06) return null;
  // Accounts ramp up over their first months; weekends bring more; every day has its luck.
  const age = daysBetween(promoter.opened, day);
  const ramp = 0.45 + 0.55 * Math.min(1, age / 120);
  const weekday = WEEKDAY_FACTORS[new Date(`${day}T12:00:00Z`).getUTCDay()]!;
  const season = 1 + 0.15 * Math.sin((2 * Math.PI * daysBetween('2026-01-01', day)) / 365);
  const base = promoter.volume * ramp * weekday * season * (0.7 + 0.6 * random());

  const siteGroups: Record<string, unknown> = {};
  for (const offer of promoter.offers) {
    if (day < offer.from) continue;
    const totals = countsFor(base * offer.share, promoter.rates, random);
    if (totals.click === 0) continue;
    const trackers = Object.fromEntries(offer.trackers.map((t, i) => [`t${i + 1}`, { s1: t.s1, s2: t.s2, ...part(totals, t.part) }]));
    siteGroups[String(offer.uniqueId)] = { ...totals, ...(offer.trackers.length ? { trackers } : {}) };
  }
  const data: Record<string, unknown> = {};
  if (Object.keys(siteGroups).length) data.siteGroups = siteGroups;
  if (promoter.globals && random() < 0.5) data.globals = countsFor(base * 0.08, promoter.rates, random);
  if (!Object.keys(data).length) return null;
  return { source: formatAffiliateId(promoter.uniqueId), stat_date: day, data };
}

/** The same day as a brand corrects it after a check: a sale taken back and two late trials. */
export function correctedRow(row: RawStatRow): RawStatRow {
  const data = structuredClone(row.data) as { siteGroups?: Record<string, Counts> };
  const first = Object.values(data.siteGroups ?? {})[0];
  if (first) {
    first.essay += 2;
    first.bill = Math.max(0, first.bill - 1);
  }
  return { ...row, data };
}

/**
 * A day's rows split in two: the figures of the given offers (what that brand's system sends with its
 * key), and the rest, figures without an offer included (what the network sends itself).
 */
export function splitByOffers(rows: RawStatRow[], uniqueIds: ReadonlySet<number>): { theirs: RawStatRow[]; rest: RawStatRow[] } {
  const theirs: RawStatRow[] = [];
  const rest: RawStatRow[] = [];
  for (const row of rows) {
    const { siteGroups = {}, ...other } = row.data as { siteGroups?: Record<string, unknown>; globals?: unknown };
    const groups = Object.entries(siteGroups);
    const mine = groups.filter(([id]) => uniqueIds.has(Number(id)));
    const others = groups.filter(([id]) => !uniqueIds.has(Number(id)));
    if (mine.length) theirs.push({ ...row, data: { siteGroups: Object.fromEntries(mine) } });
    if (others.length || other.globals !== undefined) rest.push({ ...row, data: { ...other, ...(others.length ? { siteGroups: Object.fromEntries(others) } : {}) } });
  }
  return { theirs, rest };
}

/** A file of rows as CSV (`source,stat_date,data`, data as JSON text) or as the JSON `{ rows }`. */
export function statsFile(rows: RawStatRow[], format: 'csv' | 'json'): { body: string; contentType: string } {
  if (format === 'json') return { body: JSON.stringify({ rows }), contentType: 'application/json' };
  const lines = rows.map((r) => `${r.source},${r.stat_date},"${JSON.stringify(r.data).replaceAll('"', '""')}"`);
  return { body: ['source,stat_date,data', ...lines, ''].join('\n'), contentType: 'text/csv' };
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: Day, to: Day): Day[] {
  const days: Day[] = [];
  for (let day = from; day <= to; day = addDaysTo(day, 1)) days.push(day);
  return days;
}
