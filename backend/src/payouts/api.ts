import { randomUUID } from 'node:crypto';
import {
  ADJUSTMENT_RULES, adjustmentCents, centsToDecimal, creditNoteFileName, FAILURE_REASON_MESSAGE, invoiceFileName, type AffiliatePaymentsData, type PaymentStats, type PayoutRunResult,
} from '@affilux/contract';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { hasPaymentMethod } from '../accounts/paymentMethods';
import { findAffiliate } from '../accounts/users/queries';
import { earningsAwaitingClose, weekEarnings } from '../earnings/dayEarnings/queries';
import { euros } from '../http/frenchText';
import { holdingLock } from '../db/transaction';
import { handleCommand } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { AppError, notFound } from '../http/errors';
import { listSearch, parseListQuery, sendList } from '../http/listQuery';
import { requestContext } from '../http/requestContext';
import { parse } from '../http/validate';
import { currentUser } from '../identity/authMiddleware';
import { dayOf, isIsoWeek, isoWeek } from '../time/calendar';
import { balanceTotals, findBalance } from './balances/queries';
import { itemIdOf, ledgerStream, payoutStream } from './events';
import { storedCreditNote } from './creditNotes';
import { storedInvoice } from './invoices';
import { ledgerDecider } from './ledger';
import { payoutDecider, payoutNotFound } from './payout';
import { findPayout, HISTORY_SORTABLE, paidTotals, payoutHistory, payoutsOf } from './payoutList/queries';
import { previewPayouts, requireClosed, requireNotBeforeLastPaid, RUN_MESSAGES, runPayouts } from './payoutRun';
import { toAffiliatePayment, toExplanation, toHistoryRow } from './views';
import { listWriteOffs, standingWriteOff, writeOffOwner } from './writeOffs/queries';
import { writeOffDay, writeOffNotFound } from './ledger';

const uuid = z.uuid();
const INVOICE_NOT_READY = 'Facture pas encore disponible';

const weekSchema = z.object({ week: z.string({ error: RUN_MESSAGES.badWeek }).refine(isIsoWeek, RUN_MESSAGES.badWeek) });
const idempotencyKeySchema = z.object({ 'idempotency-key': z.string().regex(/^[\x21-\x7e]{1,100}$/, ADJUSTMENT_RULES.messages.idempotencyKey).optional() });
const adjustmentSchema = z.object({
  user_id: z.uuid({ error: ADJUSTMENT_RULES.messages.user }),
  amount: z.union([z.string(), z.number()], { error: ADJUSTMENT_RULES.messages.amount }).transform((value, ctx) => {
    const cents = adjustmentCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: ADJUSTMENT_RULES.messages.amount });
      return z.NEVER;
    }
    return cents;
  }),
  reason: z
    .string({ error: ADJUSTMENT_RULES.messages.reason })
    .trim()
    .min(ADJUSTMENT_RULES.reasonMinLength, ADJUSTMENT_RULES.messages.reason)
    .max(ADJUSTMENT_RULES.reasonMaxLength, ADJUSTMENT_RULES.messages.reasonTooLong),
});
const failureSchema = z.object({ reason: z.string({ error: FAILURE_REASON_MESSAGE }).trim().min(3, FAILURE_REASON_MESSAGE).max(500, FAILURE_REASON_MESSAGE) });

/** The payout a request names (`:id`), restricted to `userId`'s own when given; anything else is 'Paiement introuvable'. */
async function payoutOf(deps: Pick<AppDeps, 'pool'>, req: Request, userId?: string) {
  const id = String(req.params.id);
  const payout = uuid.safeParse(id).success ? await findPayout(deps.pool, id, userId) : null;
  if (!payout) throw payoutNotFound();
  return payout;
}

type Payee = { id: string; unique_id: number; week: string };

/** A stored PDF (an invoice, a credit note) as a download, with the SHA-256 its event recorded. */
function sendPdf(res: Response, stored: { sha256: string; pdf: Buffer } | null, fileName: string, missing: string) {
  if (!stored) throw notFound(missing);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('X-Document-Sha256', stored.sha256);
  res.send(stored.pdf);
}

async function sendInvoice(deps: Pick<AppDeps, 'pool'>, res: Response, payout: Payee, prefix?: 'receipt') {
  sendPdf(res, await storedInvoice(deps.pool, payout.id), invoiceFileName(payout.unique_id, payout.week, prefix), INVOICE_NOT_READY);
}

/** A failed payout's credit note; none for any other payout, nor before it is drawn. */
async function sendCreditNote(deps: Pick<AppDeps, 'pool'>, res: Response, payout: Payee) {
  sendPdf(res, await storedCreditNote(deps.pool, payout.id), creditNoteFileName(payout.unique_id, payout.week), 'Avoir introuvable');
}

/** The affiliate's payments and referral figures (/affiliate/account/...): always its own. */
export function affiliatePaymentsApi(deps: Pick<AppDeps, 'pool' | 'auth' | 'clock'>) {
  const router = Router();
  const { affiliate } = deps.auth;

  router.get('/affiliate/account/payments', affiliate, async (req, res) => {
    const user = currentUser(req);
    const week = isoWeek(deps.clock());
    const [payouts, balance, days, awaiting, withMethod, writeOff] = await Promise.all([
      payoutsOf(deps.pool, user.id), findBalance(deps.pool, user.id), weekEarnings(deps.pool, user.id, week), earningsAwaitingClose(deps.pool, user.id, week),
      hasPaymentMethod(deps.pool, user.id), standingWriteOff(deps.pool, user.id),
    ]);
    const last = payouts.find((p) => p.status !== 'failed');
    const answer: AffiliatePaymentsData = {
      thisWeekEarnings: centsToDecimal(days.reduce((sum, d) => sum + Number(d.amount_cents), 0)),
      unpaidBalance: centsToDecimal(balance?.balance_cents ?? 0),
      lastPaymentAmount: last ? centsToDecimal(last.amount_cents) : null,
      lastPaymentDate: last ? (last.paid_at ?? last.issued_at) : null,
      payments: payouts.map(toAffiliatePayment),
      carriedOver: balance?.carried_over ? { week: balance.carried_over.week, reason: balance.carried_over.reason } : null,
      awaitingClose: awaiting.weeks.length ? { weeks: awaiting.weeks, amount: centsToDecimal(awaiting.amount_cents) } : null,
      hasPaymentMethod: withMethod,
      dormancy: balance?.warned_at && balance.last_movement_at && balance.balance_cents > 0
        ? { lastMovementOn: dayOf(new Date(balance.last_movement_at)), writeOffFrom: writeOffDay(balance.last_movement_at, dayOf(new Date(balance.warned_at))) }
        : null,
      writtenOff: writeOff ? { amount: centsToDecimal(writeOff.amount_cents), on: dayOf(writeOff.written_off_at) } : null,
    };
    res.json(answer);
  });

  router.get('/affiliate/account/payments/:id', affiliate, async (req, res) => {
    res.json(await toExplanation(deps.pool, await payoutOf(deps, req, currentUser(req).id)));
  });

  router.get('/affiliate/account/payments/:id/download-invoice', affiliate, async (req, res) => {
    await sendInvoice(deps, res, await payoutOf(deps, req, currentUser(req).id));
  });

  router.get('/affiliate/account/payments/:id/download-credit-note', affiliate, async (req, res) => {
    await sendCreditNote(deps, res, await payoutOf(deps, req, currentUser(req).id));
  });

  router.get('/affiliate/account/referral-stats', affiliate, async (req, res) => {
    const user = currentUser(req);
    const [{ rows }, balance] = await Promise.all([
      deps.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM rm_users WHERE referred_by = $1 AND role = 'affiliate'", [user.unique_id]),
      findBalance(deps.pool, user.id),
    ]);
    const referral = Object.values(balance?.open_items ?? {}).filter((i) => i.kind === 'referral').reduce((sum, i) => sum + i.amount_cents, 0);
    res.json({ referredCount: rows[0]!.n, unpaidBalance: centsToDecimal(referral), commissionRate: user.referral_commission_rate });
  });

  return router;
}

/**
 * The back office's payments: stats, history, one payout's explanation and invoice, the run's
 * preview and manual run, adjustments, failed payouts and dormant balances. Reads for the back office
 * (admin, auditor), writes for admins only.
 */
export function adminPaymentsApi(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'auth' | 'clock'>) {
  const router = Router();
  const { admin, backOffice } = deps.auth;

  router.get('/admin/payments/stats', backOffice, async (_req, res) => {
    const [balances, paid] = await Promise.all([balanceTotals(deps.pool), paidTotals(deps.pool, deps.clock())]);
    const stats: PaymentStats = {
      totalEarnings: centsToDecimal(balances.earned_cents),
      totalPaid: centsToDecimal(paid.paid_cents),
      unpaidBalance: centsToDecimal(balances.unpaid_cents),
      monthlyPaid: centsToDecimal(paid.month_cents),
    };
    res.json(stats);
  });

  router.get('/admin/payments/history', backOffice, async (req, res) => {
    const query = parseListQuery(req, { sortable: HISTORY_SORTABLE, defaultSort: ['issued_at', 'DESC'] });
    const { rows, total, total_cents } = await payoutHistory(deps.pool, query, listSearch(query));
    res.setHeader('X-Total-Amount', centsToDecimal(total_cents));
    sendList(res, 'payments', query, rows.map(toHistoryRow), total);
  });

  router.get('/admin/payments/preview', backOffice, async (req, res) => {
    const { week } = parse(weekSchema, req.query);
    const now = deps.clock();
    requireClosed(week, now);
    // The preview reads the open weeks and balances as read models: not while they are behind.
    if (!(await deps.readModels.waitFor(await deps.eventStore.headPosition()))) throw new AppError(503, RUN_MESSAGES.updating);
    await requireNotBeforeLastPaid(deps.pool, week);
    res.json(await previewPayouts(deps, week, now));
  });

  router.post('/admin/payments/run', admin, async (req, res) => {
    const { week } = parse(weekSchema, req.body);
    // An admin's run waits for no other: while one runs (Wednesday's job), the answer says so at once.
    const summary = await runPayouts(deps, week, deps.clock(), { whenBusy: 'refuse' });
    // The admin's history shows the invoice numbers when it reloads (a run of thousands answers before all are drawn).
    await deps.readModels.waitForConsequences(await deps.eventStore.headPosition());
    const answer: PayoutRunResult = {
      message: `Paiements de la semaine ${week} : ${summary.issued} émis (${euros(summary.issued_cents)}), ${summary.carried_over} reportés`,
      week, issued: summary.issued, issuedTotal: centsToDecimal(summary.issued_cents), carriedOver: summary.carried_over, alreadyCarriedOver: summary.carried_already, alreadyIssued: summary.issued_already, paid: summary.paid,
    };
    res.json(answer);
  });

  router.post('/admin/payments/adjustments', admin, async (req, res) => {
    const { user_id, amount, reason } = parse(adjustmentSchema, req.body);
    const { 'idempotency-key': key } = parse(idempotencyKeySchema, { 'idempotency-key': req.get('idempotency-key') });
    if (!(await findAffiliate(deps.pool, user_id))) throw AppError.coded(404, 'user_not_found');
    const ctx = requestContext(req, deps.clock());
    // With a key, the item's id is the key's (per admin and affiliate): posting it again posts nothing.
    const itemId = itemIdOf('adjustment', key === undefined ? randomUUID() : `${ctx.actor.id}/${user_id}/${key}`);
    const item = { item_id: itemId, kind: 'adjustment' as const, amount_cents: amount, week: null, label: `Ajustement : ${reason}`, source: { type: 'adjustment' as const, actor_id: ctx.actor.id }, lines: [] };
    const post = () => handleCommand(deps, ledgerDecider, ledgerStream(user_id), { type: 'PostItem', userId: user_id, at: ctx.now, item }, ctx);
    // Retries sent at once with one key: the first posts, the others wait for it and find the item (one 201).
    const { events, state } = key === undefined ? await post() : await holdingLock(deps.pool, `adjustment:${itemId}`, post);
    const replayed = events.length === 0;
    if (replayed) {
      // Posted before with this key. Paid since, the ledger keeps only its amount, which must then match.
      const open = state.items.get(itemId)?.item;
      const posted = open ?? state.closed.get(itemId);
      if (posted?.amount_cents !== item.amount_cents || (open && open.label !== item.label)) throw new AppError(422, ADJUSTMENT_RULES.messages.idempotencyKeyReused);
    }
    res.status(replayed ? 200 : 201).json({
      message: replayed ? ADJUSTMENT_RULES.messages.replayed : 'Ajustement enregistré avec succès',
      item_id: itemId,
      balance: centsToDecimal((await findBalance(deps.pool, user_id))?.balance_cents ?? 0),
    });
  });

  router.get('/admin/payments/write-offs', backOffice, async (_req, res) => {
    res.json(await listWriteOffs(deps.pool));
  });

  router.post('/admin/payments/write-offs/:id/reinstate', admin, async (req, res) => {
    const id = String(req.params.id);
    const userId = uuid.safeParse(id).success ? await writeOffOwner(deps.pool, id) : null;
    if (!userId) throw writeOffNotFound();
    const ctx = requestContext(req, deps.clock());
    // Sent several times at once, one reinstates and the others find it done (409), as when sent one after another.
    await holdingLock(deps.pool, `reinstate:${id}`, () => handleCommand(deps, ledgerDecider, ledgerStream(userId), { type: 'Reinstate', userId, at: ctx.now, write_off_id: id }, ctx));
    res.json({ message: 'Solde réintégré avec succès', balance: centsToDecimal((await findBalance(deps.pool, userId))?.balance_cents ?? 0) });
  });

  router.get('/admin/payments/:id', backOffice, async (req, res) => {
    const payout = await payoutOf(deps, req);
    res.json({ ...(await toExplanation(deps.pool, payout)), user_id: payout.user_id, unique_id: payout.unique_id, first_name: payout.first_name, last_name: payout.last_name, email: payout.email });
  });

  router.get('/admin/payments/:id/download-invoice', backOffice, async (req, res) => {
    await sendInvoice(deps, res, await payoutOf(deps, req), 'receipt');
  });

  router.get('/admin/payments/:id/download-credit-note', backOffice, async (req, res) => {
    await sendCreditNote(deps, res, await payoutOf(deps, req));
  });

  router.post('/admin/payments/:id/failed', admin, async (req, res) => {
    const payout = await payoutOf(deps, req);
    const { reason } = parse(failureSchema, req.body);
    const ctx = requestContext(req, deps.clock());
    await handleCommand(deps, payoutDecider, payoutStream(payout.user_id, payout.week), { type: 'MarkFailed', reason, at: ctx.now }, ctx, { wait: 'consequences' });
    res.json({ message: "Paiement marqué en échec : son montant est revenu au solde de l'affilié" });
  });

  return router;
}
