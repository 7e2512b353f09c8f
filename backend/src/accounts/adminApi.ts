import type { AdminUserDetail } from '@affilux/contract';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { handleCommand } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { AppError, badRequest } from '../http/errors';
import { requestContext } from '../http/requestContext';
import { parse } from '../http/validate';
import { findManagerContact, managerExists } from '../managers/managerList/queries';
import { variantExists } from '../variants/variantList/queries';
import { withVariantLocked } from '../variants/variantLock';
import { accountDecider, type AccountCommand } from './account';
import { userStream } from './events';
import { findPaymentMethod, removePaymentMethod, setPaymentMethod } from './paymentMethods';
import { changingReferrer } from './referralChange';
import { rateHistory, toVariationHistoryEntry } from './ratePeriods/queries';
import {
  commissionSchema, frozenStatusSchema, managerAssignmentSchema, paymentMethodSchema, paymentSettingsSchema, referralSchema,
} from './rules';
import { findAffiliate, findAffiliateByUniqueId, referralInfo, searchAffiliates } from './users/queries';

const searchSchema = z.object({ q: z.string({ error: 'La recherche doit être un texte' }).max(200, 'La recherche est trop longue').default('') });

const NO_SUCH_REFERRER = 'Aucun affilié ne porte ce code de parrainage';

/**
 * The back office's users administration (spec: Users, User detail and settings): search, the
 * detail page's data, and its seven modals. Reads for the back office (admin, auditor), writes for
 * admins only. `{id}` is the user id; anything but an affiliate's is 'User not found'.
 */
export function adminUsersApi(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'auth' | 'clock'>) {
  const router = Router();
  const { admin, backOffice } = deps.auth;

  /** The affiliate a request names, or 404 'User not found'. */
  const affiliateOf = async (req: Request) => {
    const id = String(req.params.id);
    const user = z.string().uuid().safeParse(id).success ? await findAffiliate(deps.pool, id) : null;
    if (!user) throw AppError.coded(404, 'user_not_found');
    return user;
  };

  const decide = (req: Request, userId: string, command: AccountCommand) =>
    handleCommand(deps, accountDecider, userStream(userId), command, requestContext(req, deps.clock()));

  router.get('/admin/users/search', backOffice, async (req, res) => {
    const { q } = parse(searchSchema, req.query);
    res.json(await searchAffiliates(deps.pool, q));
  });

  router.get('/admin/users/:id', backOffice, async (req, res) => {
    const user = await affiliateOf(req);
    const [manager, history] = await Promise.all([findManagerContact(deps.pool, user.manager_id), rateHistory(deps.pool, user.id)]);
    const current = history.find((period) => period.ended_at === null);
    const detail: AdminUserDetail = { ...user, manager, current_rate: current ? toVariationHistoryEntry(current) : null };
    res.json(detail);
  });

  router.get('/admin/users/:id/payment-method', backOffice, async (req, res) => {
    const user = await affiliateOf(req);
    const paymentMethod = await findPaymentMethod(deps.pool, user.id);
    res.json({ hasPaymentMethod: paymentMethod !== null, paymentMethod });
  });

  router.post('/admin/users/:id/payment-method', admin, async (req, res) => {
    const user = await affiliateOf(req);
    const details = parse(paymentMethodSchema, req.body);
    await setPaymentMethod(deps, user.id, details, requestContext(req, deps.clock()));
    res.json({ message: 'Moyen de paiement enregistré avec succès', paymentMethod: await findPaymentMethod(deps.pool, user.id) });
  });

  router.delete('/admin/users/:id/payment-method', admin, async (req, res) => {
    const user = await affiliateOf(req);
    await removePaymentMethod(deps, user.id, requestContext(req, deps.clock()));
    res.json({ message: 'Moyen de paiement supprimé avec succès' });
  });

  router.put('/admin/users/:id/payment-settings', admin, async (req, res) => {
    const user = await affiliateOf(req);
    const { payment_type, variant_id } = parse(paymentSettingsSchema, req.body);
    await withVariantLocked(deps.pool, variant_id, async () => {
      if (variant_id && !(await variantExists(deps.pool, variant_id, payment_type))) {
        throw badRequest('Variante introuvable pour ce type de paiement', [{ field: 'variant_id', msg: 'Variante introuvable pour ce type de paiement' }]);
      }
      await decide(req, user.id, { type: 'ChangePaymentSettings', paymentType: payment_type, variantId: variant_id });
    });
    res.json({ message: 'Paramètres de paiement mis à jour avec succès' });
  });

  router.get('/admin/users/:id/variation-history', backOffice, async (req, res) => {
    const user = await affiliateOf(req);
    res.json((await rateHistory(deps.pool, user.id)).map(toVariationHistoryEntry));
  });

  router.put('/admin/users/:id/manager', admin, async (req, res) => {
    const user = await affiliateOf(req);
    const { manager_id } = parse(managerAssignmentSchema, req.body);
    if (manager_id && !(await managerExists(deps.pool, manager_id))) {
      throw badRequest('Manager introuvable', [{ field: 'manager_id', msg: 'Manager introuvable' }]);
    }
    await decide(req, user.id, { type: 'AssignManager', managerId: manager_id });
    res.json({ message: 'Manager assigné avec succès' });
  });

  router.put('/admin/users/:id/referral-commission', admin, async (req, res) => {
    const user = await affiliateOf(req);
    const { referral_commission_rate } = parse(commissionSchema, req.body);
    await decide(req, user.id, { type: 'ChangeReferralCommissionRate', tenths: referral_commission_rate });
    res.json({ message: 'Taux de commission mis à jour avec succès' });
  });

  // A frozen affiliate's sessions lose access at the next call: the guard reads rm_users on every request.
  router.put('/admin/users/:id/frozen-status', admin, async (req, res) => {
    const user = await affiliateOf(req);
    const { is_frozen } = parse(frozenStatusSchema, req.body);
    await decide(req, user.id, { type: is_frozen ? 'FreezeAccount' : 'UnfreezeAccount' });
    res.json({ message: is_frozen ? 'Compte gelé avec succès' : 'Compte dégelé avec succès', is_frozen });
  });

  router.put('/admin/users/:id/referral', admin, async (req, res) => {
    const user = await affiliateOf(req);
    const { referred_by } = parse(referralSchema, req.body);
    if (referred_by !== null && referred_by !== user.unique_id && !(await findAffiliateByUniqueId(deps.pool, referred_by))) {
      throw badRequest(NO_SUCH_REFERRER, [{ field: 'referred_by', msg: NO_SUCH_REFERRER }]);
    }
    await changingReferrer(deps.pool, referred_by, user.unique_id, () => decide(req, user.id, { type: 'AssignReferrer', referredBy: referred_by }));
    res.json({ message: referred_by === null ? 'Parrainage supprimé avec succès' : 'Parrainage assigné avec succès' });
  });

  router.get('/admin/users/:id/referral-info', backOffice, async (req, res) => {
    res.json(await referralInfo(deps.pool, await affiliateOf(req)));
  });

  return router;
}
