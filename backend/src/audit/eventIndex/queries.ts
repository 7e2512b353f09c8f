import {
  type AuditAffectedWeek, type AuditEvent, type AuditEventKind, type AuditEventRef, type AuditRateChange, type AuditRateChangesPage,
} from '@affilux/contract';
import type pg from 'pg';
import { dayOf } from '../../time/calendar';
import { describeDefaultStandardRate, describeEvent, describeRateChange, type SummaryLanguage } from '../describe';
import type { AuditEventRow } from './schema';

const toRef = (r: AuditEventRow): AuditEventRef => ({
  event_id: r.event_id, stream_id: r.stream_id, revision: r.revision, type: r.type, position: `${r.position_commit}/${r.position_prepare}`,
  occurred_at: new Date(r.occurred_at).toISOString(), actor_id: r.actor_id, actor_role: r.actor_role, causation_id: r.causation_id, correlation_id: r.correlation_id,
});

/** The name of the variant event `e` names (`data.variant_id`), as it was when `e` was recorded. */
const VARIANT_NAME_THEN = `(SELECT v.data->>'name' FROM rm_audit_events v
    WHERE v.stream_id = 'payment-variant-' || (e.data->>'variant_id') AND v.data->>'name' IS NOT NULL
      AND (v.position_commit, v.position_prepare) <= (e.position_commit, e.position_prepare)
    ORDER BY v.revision DESC LIMIT 1)`;

const toAuditEvent = (r: AuditEventRow & { variant_name?: string | null }, language: SummaryLanguage): AuditEvent => ({
  ...toRef(r), kind: r.kind as AuditEventKind, schema_version: r.schema_version, data: r.data, summary: describeEvent(r.type, r.data as Record<string, unknown>, r.variant_name ?? null, language),
});

/** An affiliate's events in log order, of the kinds asked for (all when none). */
export async function affiliateEvents(
  pool: pg.Pool, userId: string, kinds: AuditEventKind[], offset: number, limit: number | null, language: SummaryLanguage = 'fr',
): Promise<{ total: number; events: AuditEvent[] }> {
  const filter = kinds.length ? kinds : null;
  const [{ rows }, { rows: counted }] = await Promise.all([
    pool.query<AuditEventRow>(
      `SELECT e.*, ${VARIANT_NAME_THEN} AS variant_name FROM rm_audit_events e WHERE user_id = $1 AND ($2::text[] IS NULL OR kind = ANY($2::text[]))
        ORDER BY position_commit, position_prepare LIMIT $3 OFFSET $4`,
      [userId, filter, limit, offset],
    ),
    pool.query<{ total: number }>('SELECT count(*)::int AS total FROM rm_audit_events WHERE user_id = $1 AND ($2::text[] IS NULL OR kind = ANY($2::text[]))', [userId, filter]),
  ]);
  return { total: counted[0]!.total, events: rows.map((row) => toAuditEvent(row, language)) };
}

const RATE_CHANGE_KIND: Record<string, AuditRateChange['kind']> = {
  PaymentVariantCreated: 'variant_created', PaymentVariantUpdated: 'variant_updated', PaymentVariantDeleted: 'variant_deleted',
  StandardRateChanged: 'standard_rate', PaymentSettingsChanged: 'affiliate_settings', ReferralCommissionRateChanged: 'referral_commission',
};

type ChangeRow = AuditEventRow & { version: number | null; variant_name: string | null; actor_name: string | null; unique_id: number | null };

/** A change with what describes it: its variant's version and name then, its author's name, its affiliate's id. */
const CHANGE_COLUMNS = `e.*, CASE WHEN e.kind = 'variant' THEN (SELECT count(*)::int FROM rm_audit_events v WHERE v.stream_id = e.stream_id AND v.revision <= e.revision AND v.type <> 'PaymentVariantDeleted') END AS version,
  coalesce(e.data->>'name', ${VARIANT_NAME_THEN}) AS variant_name,
  (SELECT a.first_name || ' ' || a.last_name FROM rm_users a WHERE a.id::text = e.actor_id) AS actor_name,
  (SELECT u.unique_id FROM rm_users u WHERE u.id = e.user_id) AS unique_id`;

/**
 * Every change of a rate (a variant's version, a standard rate, an affiliate's settings or referral
 * commission), newest first, with who made it, what it replaced and the earnings weeks it touched:
 * weeks it priced again (earnings events it caused) and weeks whose days were paid with that variant
 * version. An affiliate's changes are its own and those that started one of its rate periods (a new
 * version of its variant, a new standard rate while it was on it).
 */
export async function rateChanges(
  pool: pg.Pool, filter: { user_id?: string; variant_id?: string }, offset: number, limit: number, language: SummaryLanguage = 'fr',
): Promise<AuditRateChangesPage> {
  const where = `e.type = ANY($1::text[])
    AND ($2::uuid IS NULL OR e.user_id = $2 OR e.event_id IN (SELECT p.cause_event_id FROM rm_rate_periods p WHERE p.user_id = $2))
    AND ($3::text IS NULL OR e.data->>'variant_id' = $3)`;
  const params = [Object.keys(RATE_CHANGE_KIND), filter.user_id ?? null, filter.variant_id ?? null];
  const [{ rows }, { rows: counted }] = await Promise.all([
    pool.query<ChangeRow>(`SELECT ${CHANGE_COLUMNS} FROM rm_audit_events e WHERE ${where} ORDER BY position_commit DESC, position_prepare DESC LIMIT $4 OFFSET $5`, [...params, limit, offset]),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM rm_audit_events e WHERE ${where}`, params),
  ]);
  const changes: AuditRateChange[] = [];
  for (const row of rows) changes.push(await toRateChange(pool, row, language));
  return { total: counted[0]!.total, offset, limit, changes };
}

/** The change `row` replaced: the one before it of the same variant, standard rate, or affiliate's settings or commission; null for the first. */
async function previousChange(pool: pg.Pool, row: ChangeRow): Promise<ChangeRow | null> {
  const data = row.data as Record<string, unknown>;
  const [same, ...values] =
    row.kind === 'variant' ? ['e.stream_id = $3', row.stream_id]
    : row.type === 'StandardRateChanged' ? ["e.type = 'StandardRateChanged' AND e.data->>'payment_type' = $3", String(data.payment_type)]
    : ['e.user_id = $3::uuid AND e.type = $4', row.user_id, row.type];
  const { rows } = await pool.query<ChangeRow>(
    `SELECT ${CHANGE_COLUMNS} FROM rm_audit_events e
      WHERE ${same} AND e.type <> 'PaymentVariantDeleted' AND (e.position_commit, e.position_prepare) < ($1::bigint, $2::bigint)
      ORDER BY e.position_commit DESC, e.position_prepare DESC LIMIT 1`,
    [row.position_commit, row.position_prepare, ...values],
  );
  return rows[0] ?? null;
}

async function affectedWeeks(pool: pg.Pool, row: ChangeRow): Promise<AuditAffectedWeek[]> {
  const data = row.data as Record<string, unknown>;
  const { rows } = await pool.query<{ user_id: string; week: string; how: AuditAffectedWeek['how']; event_ids: string[]; unique_id: number | null }>(
    `SELECT w.user_id::text, w.week, w.how, w.event_ids, (SELECT u.unique_id FROM rm_users u WHERE u.id = w.user_id) AS unique_id FROM (
       SELECT user_id, week, 'repriced' AS how, array_agg(event_id::text ORDER BY position_commit, position_prepare) AS event_ids
         FROM rm_audit_events WHERE kind = 'earnings' AND causation_id = $1 GROUP BY user_id, week
       UNION ALL
       SELECT user_id, week, 'priced_with', array_agg(event_id::text ORDER BY position_commit, position_prepare)
         FROM rm_audit_events WHERE $2::text IS NOT NULL AND kind = 'earnings' AND type <> 'WeekClosed'
          AND jsonb_path_exists(data::jsonb, '$.days[*].settings ? (@.variant_id == $v && @.variant_version == $n)', jsonb_build_object('v', $2::text, 'n', $3::int))
        GROUP BY user_id, week
       UNION ALL
       -- An affiliate's settings priced the days its earnings events recorded after the change priced from the day of the change (Paris)
       -- until the day of its next change recorded before the event: an event recorded before the change was priced with the settings before it.
       SELECT e.user_id, e.week, 'priced_with', array_agg(e.event_id::text ORDER BY e.position_commit, e.position_prepare)
         FROM rm_audit_events e,
              LATERAL (SELECT (min(n.occurred_at) AT TIME ZONE 'Europe/Paris')::date::text AS until FROM rm_audit_events n
                        WHERE n.user_id = $4 AND n.type = 'PaymentSettingsChanged'
                          AND (n.position_commit, n.position_prepare) > ($6::bigint, $7::bigint)
                          AND (n.position_commit, n.position_prepare) < (e.position_commit, e.position_prepare)) p
        WHERE $4::uuid IS NOT NULL AND e.user_id = $4 AND e.kind = 'earnings' AND e.type <> 'WeekClosed'
          AND (e.position_commit, e.position_prepare) > ($6::bigint, $7::bigint)
          AND EXISTS (SELECT 1 FROM json_array_elements(e.data->'days') d WHERE d->>'day' >= $5 AND (p.until IS NULL OR d->>'day' < p.until))
        GROUP BY e.user_id, e.week
       UNION ALL
       -- A standard rate priced the days its payment type paid at the standard rate in earnings events recorded after it, from the day
       -- of the change (Paris) until the day of the type's next change recorded before the event.
       SELECT e.user_id, e.week, 'priced_with', array_agg(e.event_id::text ORDER BY e.position_commit, e.position_prepare)
         FROM rm_audit_events e,
              LATERAL (SELECT (min(n.occurred_at) AT TIME ZONE 'Europe/Paris')::date::text AS until FROM rm_audit_events n
                        WHERE n.type = 'StandardRateChanged' AND n.data->>'payment_type' = $8
                          AND (n.position_commit, n.position_prepare) > ($6::bigint, $7::bigint)
                          AND (n.position_commit, n.position_prepare) < (e.position_commit, e.position_prepare)) p
        WHERE $8::text IS NOT NULL AND e.kind = 'earnings' AND e.type <> 'WeekClosed'
          AND (e.position_commit, e.position_prepare) > ($6::bigint, $7::bigint)
          AND EXISTS (SELECT 1 FROM json_array_elements(e.data->'days') d
                       WHERE d->'settings'->>'kind' = 'standard' AND d->'settings'->>'payment_type' = $8
                         AND d->>'day' >= $5 AND (p.until IS NULL OR d->>'day' < p.until))
        GROUP BY e.user_id, e.week) w ORDER BY w.week, w.user_id, w.how`,
    [
      row.event_id, row.kind === 'variant' && row.type !== 'PaymentVariantDeleted' ? (data.variant_id as string) : null, row.version ?? 0,
      row.type === 'PaymentSettingsChanged' ? row.user_id : null, dayOf(new Date(row.occurred_at)), row.position_commit, row.position_prepare,
      row.type === 'StandardRateChanged' ? (data.payment_type as string) : null,
    ],
  );
  return rows;
}

const describeChange = (row: ChangeRow, language: SummaryLanguage) =>
  describeRateChange(row.type, row.data as Record<string, unknown>, { name: row.variant_name, version: row.version }, language);

async function before(pool: pg.Pool, row: ChangeRow, language: SummaryLanguage): Promise<Pick<AuditRateChange, 'before' | 'description_before'>> {
  const previous = await previousChange(pool, row);
  if (previous) return { before: previous.data, description_before: describeChange(previous, language) };
  // The first standard rate of a payment type replaced the default, which is no event.
  if (row.type === 'StandardRateChanged') return { before: null, description_before: describeDefaultStandardRate(String((row.data as Record<string, unknown>).payment_type), language) };
  return { before: null, description_before: null };
}

async function toRateChange(pool: pg.Pool, row: ChangeRow, language: SummaryLanguage): Promise<AuditRateChange> {
  const data = row.data as Record<string, unknown>;
  return {
    ...toRef(row), kind: RATE_CHANGE_KIND[row.type]!, actor_name: row.actor_name, payment_type: (data.payment_type as AuditRateChange['payment_type']) ?? null,
    variant_id: (data.variant_id as string | null) ?? null, variant_name: row.variant_name, variant_version: row.version, user_id: row.user_id, unique_id: row.unique_id,
    description: describeChange(row, language), after: data, ...(await before(pool, row, language)), affected: await affectedWeeks(pool, row),
  };
}
