import type { AuditViewRecord, AuditViewsPage, AuditViewSubject } from '@affilux/contract';
import type pg from 'pg';
import type { AuditViewRow } from './schema';

export async function auditViewsPage(pool: pg.Pool, offset: number, limit: number): Promise<AuditViewsPage> {
  const [{ rows }, { rows: counted }] = await Promise.all([
    pool.query<AuditViewRow>('SELECT * FROM rm_audit_views ORDER BY seq DESC LIMIT $1 OFFSET $2', [limit, offset]),
    pool.query<{ total: number }>('SELECT count(*)::int AS total FROM rm_audit_views'),
  ]);
  const views: AuditViewRecord[] = rows.map((r) => ({
    event_id: r.event_id, viewer_id: r.viewer_id, viewer_role: r.viewer_role, subject: r.subject as AuditViewSubject, subject_id: r.subject_id,
    query: r.query, viewed_at: new Date(r.viewed_at).toISOString(),
  }));
  return { total: counted[0]!.total, offset, limit, views };
}
