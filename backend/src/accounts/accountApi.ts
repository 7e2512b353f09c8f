import { Router } from 'express';
import type { AppDeps } from '../app';
import { currentUser } from '../identity/authMiddleware';

/** The affiliate's own account data (/affiliate/account/...). */
export function accountApi(deps: AppDeps) {
  const router = Router();

  router.get('/affiliate/account/manager', deps.auth.affiliate, async (req, res) => {
    const { manager_id } = currentUser(req);
    const { rows } = manager_id
      ? await deps.pool.query<{ nom: string; telegram: string | null; mail: string | null }>(
          'SELECT nom, telegram, mail FROM rm_managers WHERE id = $1 AND NOT deleted',
          [manager_id],
        )
      : { rows: [] };
    const manager = rows[0] ?? null;
    res.json({ hasManager: manager !== null, manager });
  });

  return router;
}
