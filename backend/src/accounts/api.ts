import type { PaymentMethodAnswer } from '@affilux/contract';
import { Router } from 'express';
import type { AppDeps } from '../feature';
import { currentUser } from '../identity/authMiddleware';
import { findManagerContact } from '../managers/managerList/queries';
import { findPaymentMethod } from './paymentMethods';
import { rateHistory, toVariationHistoryEntry } from './ratePeriods/queries';

/** The affiliate's own account data (/affiliate/account/...): always the signed-in affiliate's, never another's. */
export function accountApi(deps: Pick<AppDeps, 'pool' | 'auth'>) {
  const router = Router();

  router.get('/affiliate/account/manager', deps.auth.affiliate, async (req, res) => {
    const manager = await findManagerContact(deps.pool, currentUser(req).manager_id);
    res.json({ hasManager: manager !== null, manager });
  });

  // Read only: the manager sets it up (spec: changes only through the manager).
  router.get('/affiliate/account/payment-method', deps.auth.affiliate, async (req, res) => {
    const paymentMethod = await findPaymentMethod(deps.pool, currentUser(req).id);
    const answer: PaymentMethodAnswer = { hasPaymentMethod: paymentMethod !== null, paymentMethod };
    res.json(answer);
  });

  router.get('/affiliate/account/variation-history', deps.auth.affiliate, async (req, res) => {
    res.json((await rateHistory(deps.pool, currentUser(req).id)).map(toVariationHistoryEntry));
  });

  return router;
}
