import type { ApplicationStatus, ApplicationView } from '@affilux/contract';
import type pg from 'pg';
import type { ListQuery } from '../../http/listQuery';

export const APPLICATION_SORTS = ['created_at', 'last_name', 'email', 'status', 'country'] as const;

const SELECT_APPLICATION = `
  SELECT a.id, a.first_name, a.last_name, a.username, a.email, a.country, a.contact_method, a.profile_type,
         a.experience_description, a.traffic_sources, a.status, a.created_at, a.processed_at, a.referred_by,
         CASE WHEN r.id IS NULL THEN NULL ELSE r.first_name || ' ' || r.last_name END AS referrer_name,
         r.unique_id AS referrer_unique_id, u.unique_id AS unique_id
    FROM rm_applications a
    LEFT JOIN rm_users r ON r.unique_id = a.referred_by AND r.role = 'affiliate'
    LEFT JOIN rm_users u ON u.id = a.id`;

export async function listApplications(pool: pg.Pool, query: ListQuery): Promise<{ rows: ApplicationView[]; total: number }> {
  const where: string[] = [];
  const values: unknown[] = [];
  const { status, q } = query.filter;
  if (typeof status === 'string' && status !== 'all') {
    values.push(status);
    where.push(`a.status = $${values.length}`);
  }
  if (typeof q === 'string' && q.trim()) {
    values.push(`%${q.trim().toLowerCase()}%`);
    where.push(`(lower(a.first_name || ' ' || a.last_name || ' ' || a.username || ' ' || a.email) LIKE $${values.length})`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [{ rows }, { rows: count }] = await Promise.all([
    pool.query<ApplicationView>(
      `${SELECT_APPLICATION} ${whereSql} ORDER BY a.${query.sortField} ${query.sortOrder}, a.id LIMIT ${query.limit} OFFSET ${query.offset}`,
      values,
    ),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM rm_applications a ${whereSql}`, values),
  ]);
  return { rows, total: count[0]!.total };
}

export async function findApplication(pool: pg.Pool, id: string): Promise<ApplicationView | null> {
  const { rows } = await pool.query<ApplicationView>(`${SELECT_APPLICATION} WHERE a.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function countApplications(pool: pg.Pool): Promise<Record<'all' | ApplicationStatus, number>> {
  const { rows } = await pool.query<{ status: ApplicationStatus; n: number }>('SELECT status, count(*)::int AS n FROM rm_applications GROUP BY status');
  const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
  const pending = by.pending ?? 0;
  const approved = by.approved ?? 0;
  const rejected = by.rejected ?? 0;
  return { all: pending + approved + rejected, pending, approved, rejected };
}
