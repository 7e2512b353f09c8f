import type { StatsImportView } from '@affilux/contract';
import type pg from 'pg';
import type { ListQuery } from '../../http/listQuery';

export const STATS_IMPORT_SORTS = ['started_at', 'rows_received', 'rows_changed'] as const;

/** A page of the imports, newest first by default, with the sender's name (the admin's, or the API key's). */
export async function listStatsImports(pool: pg.Pool, query: ListQuery): Promise<{ rows: StatsImportView[]; total: number }> {
  const [{ rows }, { rows: count }] = await Promise.all([
    pool.query<StatsImportView>(
      `SELECT i.id, i.file_name, i.sender_kind, i.sender_id,
              CASE WHEN i.sender_kind = 'admin' THEN nullif(trim(u.first_name || ' ' || u.last_name), '') ELSE i.sender_name END AS sender_name,
              i.rows_received, i.rows_changed, i.days_changed, i.affiliates, i.status, i.started_at, i.finished_at
         FROM rm_stats_imports i LEFT JOIN rm_users u ON i.sender_kind = 'admin' AND u.id::text = i.sender_id
        ORDER BY i.${query.sortField} ${query.sortOrder} NULLS LAST, i.id LIMIT ${query.limit} OFFSET ${query.offset}`,
    ),
    pool.query<{ total: number }>('SELECT count(*)::int AS total FROM rm_stats_imports'),
  ]);
  return { rows, total: count[0]!.total };
}
