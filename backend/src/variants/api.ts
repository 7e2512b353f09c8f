import { randomUUID } from 'node:crypto';
import {
  centsToDecimal, checkStandardRate, checkVariant, PAYMENT_TYPES, VARIANT_RESOURCES,
  type PaymentType, type VariantListItem,
} from '@affilux/contract';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { affiliateCounts } from '../accounts/users/queries';
import { handleCommand } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { badRequest, notFound } from '../http/errors';
import { listSearch, parseListQuery, sendList } from '../http/listQuery';
import { requestContext } from '../http/requestContext';
import { expectedRevisionOf, passRules } from '../http/validate';
import { paymentVariantStream, STANDARD_RATES_STREAM } from './events';
import { standardRateHistory, standardRatesAt } from './standardRates/queries';
import { standardRatesDecider } from './standardRates/standardRates';
import { VARIANT_NOT_FOUND, variantDecider, type VariantCommand } from './variant';
import { findPaymentVariant, searchPaymentVariants, toVariantView, VARIANT_SORTS } from './variantList/queries';
import type { PaymentVariantRow } from './variantList/schema';
import { withVariantLocked } from './variantLock';
import { currentVersions } from './variantVersions/queries';

type Deps = Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'auth' | 'clock'>;

const uuid = z.string().uuid();

/** Payment variants and the network's standard rates. */
export function variantsApi(deps: Deps) {
  const router = Router();
  router.use(standardRatesApi(deps));
  for (const paymentType of PAYMENT_TYPES) router.use(paymentVariantsApi(deps, paymentType));
  return router;
}

/** The network's standard rate per payment type, with its history (shown and edited on the variants pages). */
export function standardRatesApi(deps: Deps) {
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
    const check = checkStandardRate((req.body as { amount?: unknown } | undefined)?.amount);
    if (!check.ok) throw badRequest(check.msg, [{ field: 'amount', msg: check.msg }]);
    await handleCommand(deps, standardRatesDecider, STANDARD_RATES_STREAM, { type: 'SetStandardRate', paymentType, amountCents: check.cents }, requestContext(req, deps.clock()));
    res.json({ message: 'Tarif standard mis à jour avec succès', amount: centsToDecimal(check.cents) });
  });

  return router;
}

function variantId(req: Request): string {
  if (!uuid.safeParse(req.params.id).success) throw notFound(VARIANT_NOT_FOUND);
  return String(req.params.id);
}

/** /ppt-variants or /sales-variants: one payment type's variants, fixed or in weekly tiers, every edit a new version. */
function paymentVariantsApi(deps: Deps, paymentType: PaymentType) {
  const router = Router();
  const { admin, backOffice } = deps.auth;
  const resource = VARIANT_RESOURCES[paymentType];
  const label = paymentType === 'ppt' ? 'PPT' : 'SALE';
  const decide = (id: string, command: VariantCommand, req: Request) =>
    handleCommand(deps, variantDecider, paymentVariantStream(id), command, requestContext(req, deps.clock()), { seenRevision: expectedRevisionOf(req.body) });

  const listItems = async (rows: PaymentVariantRow[]): Promise<VariantListItem[]> => {
    const ids = rows.map((r) => r.id);
    const [counts, versions] = await Promise.all([affiliateCounts(deps.pool, 'variant_id', ids), currentVersions(deps.pool, ids)]);
    return rows.map((row) => ({ ...toVariantView(row), created_at: row.created_at, version: versions.get(row.id) ?? 1, revision: row.revision, affiliate_count: counts.get(row.id) ?? 0 }));
  };
  const shown = async (id: string) => {
    const row = await findPaymentVariant(deps.pool, id, paymentType);
    if (!row) throw notFound(VARIANT_NOT_FOUND);
    return (await listItems([row]))[0]!;
  };

  router.get(`/${resource}`, backOffice, async (req, res) => {
    const query = parseListQuery(req, { sortable: VARIANT_SORTS, defaultSort: ['name', 'ASC'] });
    const { rows, total } = await searchPaymentVariants(deps.pool, paymentType, query, listSearch(query));
    sendList(res, resource, query, await listItems(rows), total);
  });

  router.get(`/${resource}/:id`, backOffice, async (req, res) => {
    res.json(await shown(variantId(req)));
  });

  router.post(`/${resource}`, admin, async (req, res) => {
    const definition = passRules(checkVariant(req.body));
    const id = randomUUID();
    await decide(id, { type: 'CreateVariant', variantId: id, paymentType, definition }, req);
    res.status(201).json({ message: `Variante ${label} créée avec succès`, ...(await shown(id)) });
  });

  router.put(`/${resource}/:id`, admin, async (req, res) => {
    const id = variantId(req);
    const definition = passRules(checkVariant(req.body));
    await decide(id, { type: 'UpdateVariant', variantId: id, paymentType, definition }, req);
    res.json({ message: `Variante ${label} mise à jour avec succès`, ...(await shown(id)) });
  });

  // Refused while affiliates have it in their settings (their current settings period).
  router.delete(`/${resource}/:id`, admin, async (req, res) => {
    const id = variantId(req);
    await withVariantLocked(deps.pool, id, async () => {
      const affiliatesUsingIt = (await affiliateCounts(deps.pool, 'variant_id', [id])).get(id) ?? 0;
      await decide(id, { type: 'DeleteVariant', variantId: id, paymentType, affiliatesUsingIt }, req);
    });
    res.json({ message: `Variante ${label} supprimée avec succès`, id });
  });

  return router;
}
