import type { ManagerContact, ManagerView } from '@affilux/contract';
import type pg from 'pg';
import { containsFolded } from '../../db/textSearch';
import type { ListQuery } from '../../http/listQuery';

export const MANAGER_SORTS = ['nom', 'created_at'] as const;

export async function listManagers(pool: pg.Pool): Promise<ManagerView[]> {
  const { rows } = await pool.query<ManagerView>('SELECT id, nom, telegram, mail, created_at, revision FROM rm_managers WHERE NOT deleted ORDER BY nom');
  return rows;
}

/** A page of the back office's managers table, searched in name, Telegram and email (case and accents aside). */
export async function searchManagers(pool: pg.Pool, query: ListQuery, search: string | null): Promise<{ rows: ManagerView[]; total: number }> {
  const where = `WHERE NOT deleted AND ($1::text IS NULL OR ${containsFolded("nom || ' ' || coalesce(telegram, '') || ' ' || coalesce(mail, '')", '$1')})`;
  const [{ rows }, { rows: count }] = await Promise.all([
    pool.query<ManagerView>(
      `SELECT id, nom, telegram, mail, created_at, revision FROM rm_managers ${where}
        ORDER BY ${query.sortField === 'created_at' ? 'created_at' : 'lower(nom)'} ${query.sortOrder}, id LIMIT ${query.limit} OFFSET ${query.offset}`,
      [search],
    ),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM rm_managers ${where}`, [search]),
  ]);
  return { rows, total: count[0]!.total };
}

export async function findManager(pool: pg.Pool, managerId: string): Promise<ManagerView | null> {
  const { rows } = await pool.query<ManagerView>('SELECT id, nom, telegram, mail, created_at, revision FROM rm_managers WHERE id = $1 AND NOT deleted', [managerId]);
  return rows[0] ?? null;
}

export async function managerExists(pool: pg.Pool, managerId: string): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM rm_managers WHERE id = $1 AND NOT deleted', [managerId]);
  return (rowCount ?? 0) > 0;
}

/** The contact details of an affiliate's manager (a person, not a login), or null. */
export async function findManagerContact(pool: pg.Pool, managerId: string | null): Promise<ManagerContact | null> {
  if (!managerId) return null;
  const { rows } = await pool.query<ManagerContact>('SELECT nom, telegram, mail FROM rm_managers WHERE id = $1 AND NOT deleted', [managerId]);
  return rows[0] ?? null;
}
