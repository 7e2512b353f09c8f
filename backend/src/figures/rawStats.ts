import { formatAffiliateId, hasForbiddenCharacters, showsAsTyped } from '@affilux/contract';
import { groupThousands } from '../http/frenchText';
import { isDay, type Day } from '../time/calendar';
import { COUNT_FIELDS, type Counts, type FigureKey } from './events';
import { keyWrittenTwice, shown } from './jsonRows';

/**
 * Where a CSV row sits in its file (the header is line 1), so that a refusal names the line an admin
 * opens; a JSON row is named by its place in `rows`. A symbol: no key of a sent row can claim it.
 */
export const FILE_LINE = Symbol('file line');

/**
 * The raw stat row of the spec, as brands send it: the affiliate (`source`, its 5-digit id), the
 * day (`stat_date`) and `data`, an object or a JSON string holding `siteGroups` (per offer unique id)
 * or `globals` (the same counts without an offer), each with click, registered, essay, bill and
 * optional per-tracker (s1/s2) breakdowns. Read here into rows of figures, or refused with the
 * reason, naming the row. Pure: what it needs to know arrives in `Lookups`.
 */
export type RawStatRow = { source?: unknown; stat_date?: unknown; data?: unknown; [FILE_LINE]?: number };

export type AffiliateRef = { user_id: string; unique_id: number; opened_day: Day };
export type OfferRef = { offer_id: string; unique_id: number; intake: 'import' | 'postback'; is_private: boolean; private_affiliate_ids: number[] };
export type Lookups = {
  affiliate(uniqueId: number): AffiliateRef | undefined;
  offer(uniqueId: number): OfferRef | undefined;
  /** Today in the network's time zone: later days are refused. */
  today: Day;
  /** The offers (ids) an API key sends figures for; null: every offer, and figures without one. */
  scope: ReadonlySet<string> | null;
};

export type FigureRow = FigureKey & Counts;
export type RowError = { row: number; source: string | null; stat_date: string | null; reason: string };
export type ReadRow = { ok: true; user_id: string; day: Day; rows: FigureRow[] } | { ok: false; error: RowError };

/**
 * The largest count a row may hold: a billion clicks or registrations, a million trials or sales
 * (what earns money: at the highest rate, 10,000.00 EUR, a year of such days on ten offers stays
 * under 2^53 cents, where money would stop being exact).
 */
const MAX_COUNT: Counts = { click: 1_000_000_000, registered: 1_000_000_000, essay: 1_000_000, bill: 1_000_000 };
const MAX_TRACKER_LENGTH = 100;
const GROUP_FIELDS = [...COUNT_FIELDS, 'trackers'];
const TRACKER_FIELDS = [...COUNT_FIELDS, 's1', 's2'];


class Refusal extends Error {}
const refuse = (reason: string): never => {
  throw new Refusal(reason);
};

/**
 * A group's (or a tracker's) counts; a missing count is 0. A field it may not hold is refused: a
 * misspelt count ('clicks') would otherwise replace the day with zeros. `where` names the group in a
 * refusal: built only then (a file of 100,000 days reads 300,000 groups and refuses none).
 */
function readCounts(value: unknown, where: () => string, fields: readonly string[]): Counts {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse(`${where()} doit être un objet de compteurs`);
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!fields.includes(key)) refuse(`champ inconnu « ${shown(key)} » (${where()}) : seuls ${fields.join(', ')} sont acceptés`);
  }
  return { click: countOf(record.click, 'click', where), registered: countOf(record.registered, 'registered', where), essay: countOf(record.essay, 'essay', where), bill: countOf(record.bill, 'bill', where) };
}

function countOf(count: unknown, field: keyof Counts, where: () => string): number {
  if (count === undefined) return 0;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) refuse(`${field} doit être un entier positif ou nul (${where()})`);
  if ((count as number) > MAX_COUNT[field]) refuse(`${field} dépasse le maximum de ${groupThousands(MAX_COUNT[field])} (${where()})`);
  return count as number;
}

/** Why a tracker value a brand sends (import or postback) is refused, or null: it shows in the statistics as it is, so nothing in it may show otherwise. */
export function trackerProblem(value: string, name: 's1' | 's2'): string | null {
  if (value.length > MAX_TRACKER_LENGTH) return `${name} fait ${MAX_TRACKER_LENGTH} caractères au plus`;
  if (hasForbiddenCharacters(value) || !showsAsTyped(value)) return `${name} contient un caractère invisible ou de contrôle (par exemple un changement de sens du texte)`;
  return null;
}

function readTracker(value: unknown, name: 's1' | 's2', where: () => string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') refuse(`${name} doit être un texte de ${MAX_TRACKER_LENGTH} caractères au plus (${where()})`);
  // Trimmed first, as a postback's: spaces, tabs or a line break around it are no part of it.
  const tracker = (value as string).trim();
  const problem = trackerProblem(tracker, name);
  if (problem) refuse(`${problem} (${where()})`);
  return tracker;
}

/** The rows of one group (an offer, or globals): one per tracker pair, and the default row with what the trackers do not account for. */
function readGroup(group: unknown, user_id: string, day: Day, offer_id: string, where: () => string): FigureRow[] {
  const totals = readCounts(group, where, GROUP_FIELDS);
  const trackers = (group as { trackers?: unknown }).trackers;
  const remainder: FigureRow = { user_id, day, offer_id, s1: '', s2: '', ...totals };
  const rows: FigureRow[] = [remainder];
  if (trackers === undefined) return rows;
  if (typeof trackers !== 'object' || trackers === null || Array.isArray(trackers)) refuse(`trackers doit être un objet (${where()})`);
  const ofTracker = () => `${where()}, tracker`;
  let byPair: Map<string, FigureRow> | null = null;
  for (const key in trackers as Record<string, unknown>) {
    const tracker = (trackers as Record<string, unknown>)[key];
    const counts = readCounts(tracker, ofTracker, TRACKER_FIELDS);
    const s1 = readTracker((tracker as { s1?: unknown }).s1, 's1', where);
    const s2 = readTracker((tracker as { s2?: unknown }).s2, 's2', where);
    if (s1 === '' && s2 === '') refuse(`un tracker sans s1 ni s2 se confond avec la ligne par défaut (${where()})`);
    byPair ??= new Map();
    const pairKey = `${s1}\u0000${s2}`;
    let pair = byPair.get(pairKey);
    if (!pair) {
      pair = { user_id, day, offer_id, s1, s2, click: 0, registered: 0, essay: 0, bill: 0 };
      byPair.set(pairKey, pair);
      rows.push(pair);
    }
    for (const field of COUNT_FIELDS) {
      pair[field] += counts[field];
      remainder[field] -= counts[field];
    }
  }
  for (const field of COUNT_FIELDS) if (remainder[field] < 0) refuse(`les trackers dépassent les totaux (${field}, ${where()})`);
  return rows;
}

function readData(data: unknown): Record<string, unknown> {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      refuse("data n'est pas un JSON valide");
    }
    const twice = keyWrittenTwice(data as string);
    if (twice !== null) refuse(`data : la clé « ${shown(twice)} » figure deux fois dans un même objet`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse('data doit contenir siteGroups ou globals');
  const record = value as Record<string, unknown>;
  if (record.siteGroups === undefined && record.globals === undefined) refuse('data doit contenir siteGroups ou globals');
  return record;
}

/** Reads raw row number `index` (1-based, as the file's reader counts). */
export function readRawRow(raw: RawStatRow, index: number, lookups: Lookups): ReadRow {
  const source = typeof raw.source === 'string' || typeof raw.source === 'number' ? String(raw.source) : null;
  const statDate = typeof raw.stat_date === 'string' ? raw.stat_date : null;
  try {
    if (source === null || !/^\d{5}$/.test(source)) refuse('source doit être un identifiant affilié à 5 chiffres');
    const affiliate = lookups.affiliate(Number(source));
    if (!affiliate) refuse(`affilié inconnu : ${source}`);
    if (statDate === null || !isDay(statDate)) refuse('stat_date doit être une date AAAA-MM-JJ');
    const day = statDate as Day;
    const { user_id, opened_day } = affiliate!;
    if (day > lookups.today) refuse(`date dans le futur (${day})`);
    if (day < opened_day) refuse(`date antérieure à l'ouverture du compte de l'affilié (${opened_day})`);
    const data = readData(raw.data);
    const rows: FigureRow[] = [];
    if (data.globals !== undefined && lookups.scope) refuse("globals : cette clé d'API n'envoie que les chiffres de ses offres (siteGroups)");
    if (data.globals !== undefined) rows.push(...readGroup(data.globals, user_id, day, '', () => 'globals'));
    if (data.siteGroups !== undefined) {
      if (typeof data.siteGroups !== 'object' || data.siteGroups === null || Array.isArray(data.siteGroups)) refuse('siteGroups doit être un objet');
      const named = new Set<number>();
      for (const [offerKey, group] of Object.entries(data.siteGroups as Record<string, unknown>)) {
        const offer = /^\d{1,5}$/.test(offerKey) ? lookups.offer(Number(offerKey)) : undefined;
        if (!offer) refuse(`offre inconnue : ${shown(offerKey)}`);
        const where = () => `offre ${formatAffiliateId(offer!.unique_id)}`;
        // "1" and "00001" name one offer: which counts would hold is not for us to guess.
        if (named.has(offer!.unique_id)) refuse(`l'${where()} figure deux fois dans siteGroups`);
        named.add(offer!.unique_id);
        if (lookups.scope && !lookups.scope.has(offer!.offer_id)) refuse(`l'${where()} n'est pas une offre de cette clé d'API`);
        if (offer!.intake !== 'import') refuse(`l'${where()} reçoit ses chiffres par postback, pas par import`);
        if (offer!.is_private && !offer!.private_affiliate_ids.includes(affiliate!.unique_id)) refuse(`l'${where()} est privée et n'est pas attribuée à cet affilié`);
        rows.push(...readGroup(group, user_id, day, offer!.offer_id, where));
      }
    }
    return { ok: true, user_id, day, rows };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { ok: false, error: { row: index, source: source && shown(source), stat_date: statDate && shown(statDate), reason: error.message } };
  }
}
