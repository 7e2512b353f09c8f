import { Router } from 'express';
import type pg from 'pg';
import type { AppDeps } from '../app';
import { currentUser } from '../identity/authMiddleware';

export type ManagerContact = { nom: string; telegram: string | null; mail: string | null };

/** The contact details of an affiliate's manager (a person, not a login), or null. */
export async function findManagerContact(pool: pg.Pool, managerId: string | null): Promise<ManagerContact | null> {
  if (!managerId) return null;
  const { rows } = await pool.query<ManagerContact>('SELECT nom, telegram, mail FROM rm_managers WHERE id = $1 AND NOT deleted', [managerId]);
  return rows[0] ?? null;
}

/** The affiliate's own account data (/affiliate/account/...). */
export function accountApi(deps: AppDeps) {
  const router = Router();

  router.get('/affiliate/account/manager', deps.auth.affiliate, async (req, res) => {
    const manager = await findManagerContact(deps.pool, currentUser(req).manager_id);
    res.json({ hasManager: manager !== null, manager });
  });

  return router;
}
