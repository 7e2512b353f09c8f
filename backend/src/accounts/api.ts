import { Router } from 'express';
import type { AppDeps } from '../feature';
import { currentUser } from '../identity/authMiddleware';
import { findManagerContact } from '../managers/managerList/queries';

/** The affiliate's own account data (/affiliate/account/...). */
export function accountApi(deps: Pick<AppDeps, 'pool' | 'auth'>) {
  const router = Router();

  router.get('/affiliate/account/manager', deps.auth.affiliate, async (req, res) => {
    const manager = await findManagerContact(deps.pool, currentUser(req).manager_id);
    res.json({ hasManager: manager !== null, manager });
  });

  return router;
}
