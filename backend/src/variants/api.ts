import { centsToDecimal, decimalToCents, PAYMENT_TYPES } from '@affilux/contract';
import { Router } from 'express';
import { z } from 'zod';
import { handleCommand } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { notFound } from '../http/errors';
import { requestContext } from '../http/requestContext';
import { parse } from '../http/validate';
import { STANDARD_RATES_STREAM } from './events';
import { standardRateHistory, standardRatesAt } from './standardRates/queries';
import { standardRatesDecider } from './standardRates/standardRates';

const amountSchema = z.object({
  amount: z
    .union([z.string(), z.number()], { error: 'Le montant doit être un nombre positif' })
    .transform((value, ctx) => {
      const cents = decimalToCents(String(value));
      if (cents !== null && cents > 0) return cents;
      ctx.addIssue({ code: 'custom', message: 'Le montant doit être un nombre positif' });
      return z.NEVER;
    }),
});

/** The network's standard rate per payment type, with its history (shown and edited on the variants pages). */
export function standardRatesApi(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'auth' | 'clock'>) {
  const router = Router();

  router.get('/standard-rates', deps.auth.backOffice, async (_req, res) => {
    const [current, history] = await Promise.all([standardRatesAt(deps.pool), standardRateHistory(deps.pool)]);
    res.json(
      Object.fromEntries(
        PAYMENT_TYPES.map((type) => [
          type,
          { amount: centsToDecimal(current[type]), history: history[type].map((h) => ({ amount: centsToDecimal(h.amount_cents), effective_at: h.effective_at })) },
        ]),
      ),
    );
  });

  router.put('/standard-rates/:paymentType', deps.auth.admin, async (req, res) => {
    const paymentType = PAYMENT_TYPES.find((type) => type === req.params.paymentType);
    if (!paymentType) throw notFound('Type de paiement inconnu');
    const { amount } = parse(amountSchema, req.body);
    await handleCommand(deps, standardRatesDecider, STANDARD_RATES_STREAM, { type: 'SetStandardRate', paymentType, amountCents: amount }, requestContext(req, deps.clock()));
    res.json({ message: 'Tarif standard mis à jour avec succès', amount: centsToDecimal(amount) });
  });

  return router;
}
