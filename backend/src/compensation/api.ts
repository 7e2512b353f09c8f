import { centsToDecimal, tierOf, type PptInfo } from '@affilux/contract';
import { Router } from 'express';
import type { AppDeps } from '../feature';
import { currentUser } from '../identity/authMiddleware';
import { isoWeek } from '../time/calendar';
import { standardRatesAt } from '../variants/standardRates/queries';
import { findPaymentVariant } from '../variants/variantList/queries';
import { conversionsOf } from '../figures/statistics/queries';

/**
 * GET /affiliate/stats/ppt-info: what the affiliate earns per conversion today. From their payment
 * settings: the variant (fixed, or evolutionary with this ISO week's tier) or the network's standard
 * rate of their payment type; total_essays counts this week's paid conversions, global_essays all of them.
 */
export function compensationApi(deps: Pick<AppDeps, 'pool' | 'auth' | 'clock'>) {
  const router = Router();

  router.get('/affiliate/stats/ppt-info', deps.auth.affiliate, async (req, res) => {
    const user = currentUser(req);
    const now = deps.clock();
    const conversions = await conversionsOf(deps.pool, user.id, user.payment_type, isoWeek(now));
    const variant = user.variant_id ? await findPaymentVariant(deps.pool, user.variant_id) : null;
    const counts = { total_essays: conversions.week, global_essays: conversions.total };
    let info: PptInfo;
    if (variant) {
      const tiers = variant.is_evolutionary ? [...variant.tiers].sort((a, b) => a.tier_level - b.tier_level) : [];
      const current = variant.is_evolutionary ? tierOf(tiers, conversions.week) : null;
      info = {
        type: 'variant',
        variant_name: variant.name,
        is_evolutionary: variant.is_evolutionary,
        amount: centsToDecimal(current ? current.amount_cents : variant.base_amount_cents),
        ...counts,
        current_tier: current?.tier_level ?? null,
        tiers: tiers.map(({ amount_cents, ...tier }) => ({ ...tier, amount: centsToDecimal(amount_cents) })),
      };
    } else {
      const rates = await standardRatesAt(deps.pool, now);
      info = { type: 'standard', variant_name: null, is_evolutionary: false, amount: centsToDecimal(rates[user.payment_type]), ...counts, current_tier: null, tiers: [] };
    }
    res.json(info);
  });

  return router;
}
