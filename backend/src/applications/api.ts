import { randomUUID } from 'node:crypto';
import { PAYMENT_TYPES } from '@affilux/contract';
import { Router } from 'express';
import { z } from 'zod';
import { changingReferrer } from '../accounts/referralChange';
import { commissionRateSchema, referralCodeSchema } from '../accounts/rules';
import { findAffiliateByUniqueId, findUser } from '../accounts/users/queries';
import { handleCommand, type CommandContext } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { AppError, badRequest } from '../http/errors';
import { parseListQuery, sendList } from '../http/listQuery';
import { requestContext } from '../http/requestContext';
import { parse } from '../http/validate';
import { claimEmail, emailOwner, forgetPrincipal, releaseEmail, storeCredentials } from '../identity/emailClaims';
import { hashPassword } from '../identity/passwords';
import { listManagers, managerExists } from '../managers/managerList/queries';
import { listPaymentVariants, variantExists } from '../variants/variantList/queries';
import { withVariantLocked } from '../variants/variantLock';
import { APPLICATION_NOT_FOUND, APPLICATION_NOT_PENDING, applicationDecider, type ApplicationCommand } from './application';
import { APPLICATION_SORTS, countApplications, findApplication, listApplications } from './applicationList/queries';
import { applicationStream } from './events';
import { applicationSchema } from './rules';

const uuid = z.string().uuid();

const approveSchema = z.object({
  manager_id: uuid.nullish(),
  payment_type: z.enum(PAYMENT_TYPES, { error: 'Le type de paiement doit être ppt ou sale' }).default('ppt'),
  variant_id: uuid.nullish(),
  referral_commission_rate: commissionRateSchema.default(0),
});

const referralSchema = z.object({ referred_by: referralCodeSchema });

export function applicationsApi(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'auth' | 'clock'>) {
  const router = Router();
  const { admin, backOffice } = deps.auth;
  const decide = (id: string, command: ApplicationCommand, ctx: CommandContext, wait: 'readModels' | 'consequences' = 'readModels') =>
    handleCommand(deps, applicationDecider, applicationStream(id), command, ctx, { wait });

  router.post('/applications/submit', async (req, res) => {
    const input = parse(applicationSchema, req.body);
    // A referral code from a stale or forged cookie must not cost the visitor their application.
    const referrer = input.referred_by ? await findAffiliateByUniqueId(deps.pool, input.referred_by) : null;
    // An account holds the address; another pending application does not (it proves nothing).
    if (await emailOwner(deps.pool, input.email)) throw AppError.coded(409, 'email_exists');
    const { password, ...details } = input;
    const applicationId = randomUUID();
    await storeCredentials(deps.pool, applicationId, await hashPassword(password));
    try {
      await decide(
        applicationId,
        { type: 'SubmitApplication', applicationId, details: { ...details, referred_by: referrer ? referrer.unique_id : null } },
        requestContext(req, deps.clock()),
      );
    } catch (error) {
      await forgetPrincipal(deps.pool, applicationId);
      throw error;
    }
    res.status(201).json({ message: 'Candidature envoyée avec succès', id: applicationId });
  });

  router.get('/applications', backOffice, async (req, res) => {
    const query = parseListQuery(req, { sortable: APPLICATION_SORTS, defaultSort: ['created_at', 'DESC'] });
    const { rows, total } = await listApplications(deps.pool, query);
    sendList(res, 'applications', query, rows, total);
  });

  router.get('/applications/counts', backOffice, async (_req, res) => {
    res.json(await countApplications(deps.pool));
  });

  router.get('/applications/managers', backOffice, async (_req, res) => {
    res.json(await listManagers(deps.pool));
  });

  router.get('/applications/payment-variants', backOffice, async (_req, res) => {
    res.json(await listPaymentVariants(deps.pool));
  });

  router.get('/applications/:id', backOffice, async (req, res) => {
    const application = uuid.safeParse(req.params.id).success ? await findApplication(deps.pool, String(req.params.id)) : null;
    if (!application) throw APPLICATION_NOT_FOUND();
    res.json(application);
  });

  // Approving records the terms; the account is opened by a reactor (accountOpening.ts), and the
  // answer waits for it. The address is reserved first: an account may already hold it.
  router.post('/applications/:id/approve', admin, async (req, res) => {
    const id = pendingApplicationId(req.params.id);
    const input = parse(approveSchema, req.body);
    if (input.manager_id && !(await managerExists(deps.pool, input.manager_id))) {
      throw badRequest('Manager introuvable', [{ field: 'manager_id', msg: 'Manager introuvable' }]);
    }
    await withVariantLocked(deps.pool, input.variant_id, async () => {
      if (input.variant_id && !(await variantExists(deps.pool, input.variant_id, input.payment_type))) {
        throw badRequest('Variante introuvable pour ce type de paiement', [{ field: 'variant_id', msg: 'Variante introuvable pour ce type de paiement' }]);
      }
      const application = await findApplication(deps.pool, id);
      if (!application || application.status !== 'pending') throw APPLICATION_NOT_PENDING();
      const claim = await claimEmail(deps.pool, application.email.toLowerCase(), id);
      if (claim === 'taken') throw AppError.coded(409, 'email_exists');
      const command: ApplicationCommand = {
        type: 'ApproveApplication',
        managerId: input.manager_id ?? null,
        paymentType: input.payment_type,
        variantId: input.variant_id ?? null,
        referralTenths: input.referral_commission_rate,
      };
      try {
        // The answer waits for the account's opening (a reactor), so the variant's new holder shows before the lock is let go.
        await decide(id, command, requestContext(req, deps.clock()), 'consequences');
      } catch (error) {
        if (claim === 'new') await releaseEmail(deps.pool, application.email.toLowerCase(), id);
        throw error;
      }
    });
    const account = await findUser(deps.pool, id);
    res.json({ message: 'Candidature approuvée : compte affilié ouvert', user_id: id, unique_id: account?.unique_id ?? null });
  });

  // A duplicate of an approved application is rejected without a mail: its address belongs to an open account.
  router.post('/applications/:id/reject', admin, async (req, res) => {
    const id = pendingApplicationId(req.params.id);
    const application = await findApplication(deps.pool, id);
    const owner = application ? await emailOwner(deps.pool, application.email.toLowerCase()) : null;
    const addressTaken = owner !== null && owner !== id;
    await decide(id, { type: 'RejectApplication', addressTaken }, requestContext(req, deps.clock()));
    res.json(
      addressTaken
        ? { message: 'Candidature refusée sans email : un compte affilié utilise déjà cette adresse', applicant_mailed: false }
        : { message: 'Candidature refusée', applicant_mailed: true },
    );
  });

  router.put('/applications/:id/referral', admin, async (req, res) => {
    if (!uuid.safeParse(req.params.id).success) throw APPLICATION_NOT_FOUND();
    const id = String(req.params.id);
    const { referred_by } = parse(referralSchema, req.body);
    if (referred_by !== null && !(await findAffiliateByUniqueId(deps.pool, referred_by))) {
      throw badRequest('Aucun affilié ne porte ce code de parrainage', [{ field: 'referred_by', msg: 'Aucun affilié ne porte ce code de parrainage' }]);
    }
    // Once approved, the application's referrer is the account's (a reactor carries it over).
    const applicantUniqueId = (await findUser(deps.pool, id))?.unique_id ?? null;
    await changingReferrer(deps.pool, referred_by, applicantUniqueId, () =>
      decide(id, { type: 'ChangeApplicationReferrer', referredBy: referred_by, applicantUniqueId }, requestContext(req, deps.clock()), 'consequences'));
    res.json({ message: 'Code de parrainage mis à jour avec succès', application: await findApplication(deps.pool, id) });
  });

  return router;
}

function pendingApplicationId(raw: unknown): string {
  if (!uuid.safeParse(raw).success) throw APPLICATION_NOT_PENDING();
  return String(raw);
}
