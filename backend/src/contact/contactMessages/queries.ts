import type { ContactMessageFilter, ContactMessageStats, ContactMessageView } from '@affilux/contract';
import type pg from 'pg';
import { containsFolded } from '../../db/textSearch';
import type { ListQuery } from '../../http/listQuery';
import type { ContactMessageRow } from './schema';

/** A page of the back office's messages, newest first: one status or all, searched in name, email, subject and text. */
export async function listContactMessages(
  pool: pg.Pool,
  options: { status: ContactMessageFilter; search: string | null; page: Pick<ListQuery, 'offset' | 'limit'> },
): Promise<{ rows: ContactMessageView[]; total: number }> {
  const where = `WHERE ($1::text = 'all' OR status = $1)
    AND ($2::text IS NULL OR ${containsFolded("name || ' ' || email || ' ' || subject || ' ' || message", '$2')})`;
  const values = [options.status, options.search];
  const [{ rows }, { rows: count }] = await Promise.all([
    pool.query<ContactMessageRow>(
      `SELECT id, name, email, subject, message, status, created_at FROM rm_contact_messages ${where}
        ORDER BY created_at DESC, id LIMIT ${options.page.limit} OFFSET ${options.page.offset}`,
      values,
    ),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM rm_contact_messages ${where}`, values),
  ]);
  return { rows, total: count[0]!.total };
}

/** The five tiles: every message, by status, and those that arrived in [todayStart, tomorrowStart). */
export async function contactMessageStats(pool: pg.Pool, today: { start: Date; end: Date }): Promise<ContactMessageStats> {
  const { rows } = await pool.query<ContactMessageStats>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE status = 'new')::int AS new_messages,
            count(*) FILTER (WHERE status = 'read')::int AS read_messages,
            count(*) FILTER (WHERE status = 'replied')::int AS replied_messages,
            count(*) FILTER (WHERE created_at >= $1 AND created_at < $2)::int AS today_messages
       FROM rm_contact_messages`,
    [today.start, today.end],
  );
  return rows[0]!;
}
