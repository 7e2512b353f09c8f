import type { ManagerContact, ManagerView } from '@affilux/contract';
import type pg from 'pg';

export async function listManagers(pool: pg.Pool): Promise<ManagerView[]> {
  const { rows } = await pool.query<ManagerView>('SELECT id, nom, telegram, mail, created_at FROM rm_managers WHERE NOT deleted ORDER BY nom');
  return rows;
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
