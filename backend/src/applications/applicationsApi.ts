import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../app';
import { userStream, type AccountEvent } from '../accounts/events';
import { accountDecider } from '../accounts/account';
import { findAffiliateByUniqueId } from '../accounts/usersQueries';
import { executeCommand, type CommandContext } from '../eventstore/commands';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { parseListQuery, sendList } from '../http/listQuery';
import { parse } from '../http/validate';
import { claimEmailWithCredentials, releaseClaim } from '../identity/emailClaims';
import { hashPassword } from '../identity/passwords';
import { requestContext } from '../identity/requestContext';
import { applicationDecider, decideApplication } from './application';
import { applicationSchema, referralCodeSchema } from './applicationRules';
import {
  APPLICATION_SORTS,
  countApplications,
  findApplication,
  listApplications,
  listManagers,
  listPaymentVariants,
} from './applicationsQueries';
import { approveApplication } from './approval';
import { rejectionEmail } from './emails';
import { applicationStream } from './events';

const uuid = z.string().uuid();

const approveSchema = z.object({
  manager_id: uuid.nullish(),
  payment_type: z.enum(['ppt', 'sale'], { error: 'Le type de paiement doit être ppt ou sale' }).default('ppt'),
  variant_id: uuid.nullish(),
  referral_commission_rate: z
    .number({ error: 'Le taux de commission doit être entre 0 et 100%' })
    .min(0, 'Le taux de commission doit être entre 0 et 100%')
    .max(100, 'Le taux de commission doit être entre 0 et 100%')
    .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, 'Le taux de commission accepte une décimale au plus')
    .default(0),
});

const referralSchema = z.object({ referred_by: referralCodeSchema });

export function applicationsApi(deps: AppDeps) {
  const router = Router();
  const { admin } = deps.auth;

  router.post('/applications/submit', async (req, res) => {
    const input = parse(applicationSchema, req.body);
    // A referral code from a stale or forged cookie must not cost the visitor their application.
    const referrer = input.referred_by ? await findAffiliateByUniqueId(deps.pool, input.referred_by) : null;
    const { password, ...rest } = input;
    const applicationId = randomUUID();
    const passwordHash = await hashPassword(password);
    if (!(await claimEmailWithCredentials(deps.pool, input.email, applicationId, passwordHash))) throw conflict('Email already exists');
    try {
      await executeCommand(
        deps,
        applicationStream(applicationId),
        applicationDecider,
        (state) =>
          decideApplication(state, {
            type: 'SubmitApplication',
            applicationId,
            details: { ...rest, referred_by: referrer ? referrer.unique_id : null },
          }),
        requestContext(req, deps.clock()),
      );
    } catch (error) {
      await releaseClaim(deps.pool, applicationId);
      throw error;
    }
    res.status(201).json({ message: 'Candidature envoyée avec succès', id: applicationId });
  });

  router.get('/applications', admin, async (req, res) => {
    const query = parseListQuery(req, { sortable: APPLICATION_SORTS, defaultSort: ['created_at', 'DESC'] });
    const { rows, total } = await listApplications(deps.pool, query);
    sendList(res, 'applications', query, rows, total);
  });

  router.get('/applications/counts', admin, async (_req, res) => {
    res.json(await countApplications(deps.pool));
  });

  router.get('/applications/managers', admin, async (_req, res) => {
    res.json(await listManagers(deps.pool));
  });

  router.get('/applications/payment-variants', admin, async (_req, res) => {
    res.json(await listPaymentVariants(deps.pool));
  });

  router.get('/applications/:id', admin, async (req, res) => {
    const application = uuid.safeParse(req.params.id).success ? await findApplication(deps.pool, String(req.params.id)) : null;
    if (!application) throw notFound('Application not found');
    res.json(application);
  });

  router.post('/applications/:id/approve', admin, async (req, res) => {
    const id = pendingApplicationId(req.params.id);
    const input = parse(approveSchema, req.body);
    if (input.manager_id && !(await exists(deps, 'SELECT 1 FROM rm_managers WHERE id = $1 AND NOT deleted', [input.manager_id]))) {
      throw badRequest('Manager introuvable', [{ field: 'manager_id', msg: 'Manager introuvable' }]);
    }
    if (input.variant_id && !(await exists(deps, 'SELECT 1 FROM rm_payment_variants WHERE id = $1 AND payment_type = $2 AND NOT deleted', [input.variant_id, input.payment_type]))) {
      throw badRequest('Variante introuvable pour ce type de paiement', [{ field: 'variant_id', msg: 'Variante introuvable pour ce type de paiement' }]);
    }
    const { rows } = await deps.pool.query<{ id: number }>("SELECT nextval('affiliate_unique_id_seq')::int AS id");
    const { userId, uniqueId } = await approveApplication(
      deps,
      id,
      {
        uniqueId: rows[0]!.id,
        managerId: input.manager_id ?? null,
        paymentType: input.payment_type,
        variantId: input.variant_id ?? null,
        referralCommissionRate: input.referral_commission_rate,
      },
      requestContext(req, deps.clock()),
    );
    res.json({ message: 'Candidature approuvée : compte affilié ouvert', user_id: userId, unique_id: uniqueId });
  });

  router.post('/applications/:id/reject', admin, async (req, res) => {
    const id = pendingApplicationId(req.params.id);
    const { state } = await executeCommand(deps, applicationStream(id), applicationDecider, (s) => decideApplication(s, { type: 'RejectApplication' }), requestContext(req, deps.clock()));
    if (state.status !== 'none') await deps.mail.enqueue(rejectionEmail(state.details.email, state.details.first_name));
    res.json({ message: 'Candidature refusée' });
  });

  router.put('/applications/:id/referral', admin, async (req, res) => {
    if (!uuid.safeParse(req.params.id).success) throw notFound('Application not found');
    const id = String(req.params.id);
    const { referred_by } = parse(referralSchema, req.body);
    if (referred_by !== null && !(await findAffiliateByUniqueId(deps.pool, referred_by))) {
      throw badRequest('Aucun affilié ne porte ce code de parrainage', [{ field: 'referred_by', msg: 'Aucun affilié ne porte ce code de parrainage' }]);
    }
    const ctx = requestContext(req, deps.clock());
    const { state, events } = await executeCommand(
      deps,
      applicationStream(id),
      applicationDecider,
      (s) => decideApplication(s, { type: 'ChangeApplicationReferrer', referredBy: referred_by }),
      ctx,
    );
    // Once approved, the application's referrer is the account's referrer (the application's
    // decision has already refused the account's own id).
    if (events.length && state.status === 'approved') await assignReferrer(deps, id, referred_by, ctx);
    res.json({ message: 'Code de parrainage mis à jour avec succès', application: await findApplication(deps.pool, id) });
  });

  return router;
}

function pendingApplicationId(raw: unknown): string {
  if (!uuid.safeParse(raw).success) throw new AppError(404, 'Application not found or already processed');
  return String(raw);
}

async function exists(deps: AppDeps, sql: string, values: unknown[]): Promise<boolean> {
  const { rowCount } = await deps.pool.query(sql, values);
  return (rowCount ?? 0) > 0;
}

async function assignReferrer(deps: AppDeps, userId: string, referredBy: number | null, ctx: CommandContext) {
  await executeCommand<ReturnType<typeof accountDecider.initialState>, AccountEvent>(
    deps,
    userStream(userId),
    accountDecider,
    (account) => (account.status === 'open' ? [{ type: 'ReferrerAssigned', data: { referred_by: referredBy } }] : []),
    ctx,
  );
}
