import { AUDIT_EVENT_KINDS, type AuditEventKind, type AuditEventsPage, type AuditSignedSummary, type AuditViewSubject } from '@affilux/contract';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { userStream } from '../accounts/events';
import { findUser } from '../accounts/users/queries';
import { earningsStream } from '../earnings/events';
import { handleCommand } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { currentUser } from '../identity/authMiddleware';
import { AppError } from '../http/errors';
import { requestContext } from '../http/requestContext';
import { parse } from '../http/validate';
import { ledgerStream } from '../payouts/events';
import { projectionsOf } from '../processing/index';
import { dayOf, isDay, isoWeek } from '../time/calendar';
import { paymentVariantStream, STANDARD_RATES_STREAM } from '../variants/events';
import { foldAsOf } from './asOf';
import { toCsv } from './csv';
import { affiliateEvents, rateChanges } from './eventIndex/queries';
import { auditViewsStream } from './events';
import { explainPayout, payoutKey } from './payoutAudit';
import { checkSummary, loadAuditSecret, signedSummary } from './summary';
import { verifyAudit } from './verify';
import { auditViewsDecider } from './views/decider';
import { auditViewsPage } from './views/queries';
import type { Feature } from '../feature';

export const AUDIT_MESSAGES = {
  badAt: 'Date invalide : donnez une date et heure ISO 8601 (par exemple 2026-11-18T12:00:00Z)',
  badKind: `Type d'événement inconnu (${AUDIT_EVENT_KINDS.join(', ')})`,
  payoutNotFound: 'Paiement introuvable',
  invalidSummary: 'Résumé invalide : il doit contenir digest et signature',
  validSummary: 'Signature valide : ce résumé a été émis par ce serveur et n’a pas été modifié',
  forgedSummary: 'Signature invalide : ce résumé a été modifié ou ne vient pas de ce serveur',
} as const;

const page = (maxLimit: number) => ({
  offset: z.coerce.number({ error: 'offset invalide' }).int('offset invalide').min(0, 'offset invalide').default(0),
  limit: z.coerce.number({ error: 'limit invalide' }).int('limit invalide').min(1, 'limit invalide').max(maxLimit, `limit: ${maxLimit} au plus`).default(50),
});
const kindsSchema = z
  .string()
  .default('')
  .transform((text, ctx) => {
    const kinds = text.split(',').map((k) => k.trim()).filter(Boolean);
    const unknown = kinds.find((k) => !(AUDIT_EVENT_KINDS as readonly string[]).includes(k));
    if (unknown) ctx.addIssue({ code: 'custom', message: AUDIT_MESSAGES.badKind });
    return kinds as AuditEventKind[];
  });
/** The columns of a payout's explanation as CSV: one line per figure of each day of each item (a referral or an item without days: one line). */
const PAYOUT_CSV_COLUMNS = [
  'payout_id', 'payout_week', 'payout_status', 'payout_total', 'carried_in', 'invoice_number', 'invoice_matches', 'item_id', 'item_kind', 'item_week', 'item_label', 'item_amount',
  'recomputed_amount', 'matches', 'posted_position', 'source_type', 'source_event_id', 'source_position', 'day', 'day_count', 'day_amount', 'day_previous_amount', 'day_difference',
  'tiers_and_rates', 'settings', 'figure_source', 'import_or_txid', 'figure_event_id', 'figure_position', 'offer_id', 'offer_name', 's1_s2', 'delta_essay', 'delta_bill',
] as const;
/** The language of the summaries (the back office's); French unless asked. */
const language = { lang: z.enum(['fr', 'en'], { error: 'lang : fr ou en' }).default('fr') };
const eventsQuery = z.object({ kind: kindsSchema, ...language, ...page(500) });
/** An instant of the network's life: a real calendar day (2026-02-30 is no day), in a year the calendar can name a week of. */
const isAuditInstant = (t: string) =>
  /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(t) && isDay(t.slice(0, 10)) && t.slice(0, 4) >= '2000' && t.slice(0, 4) <= '2999' && !Number.isNaN(Date.parse(t));
const asOfQuery = z.object({ at: z.string({ error: AUDIT_MESSAGES.badAt }).refine(isAuditInstant, AUDIT_MESSAGES.badAt) });
const rateChangesQuery = z.object({ user_id: z.uuid({ error: 'user_id invalide' }).optional(), variant_id: z.uuid({ error: 'variant_id invalide' }).optional(), ...language, ...page(200) });
const viewsQuery = z.object(page(500));
const summarySchema = z.looseObject({ digest: z.string({ error: AUDIT_MESSAGES.invalidSummary }), signature: z.string({ error: AUDIT_MESSAGES.invalidSummary }) });

/**
 * The audit (issue 11) for the back office's readers (admins and auditors): an affiliate's events
 * and its state as of a date, a payout explained and checked, the rate changes, the verification,
 * the signed summary, CSV exports, and the trail of who looked at what. Every answer is read from
 * the log (or the audit's own indexes of it); each view is recorded as an AuditViewRecorded event.
 */
export function auditApi(deps: AppDeps, features: readonly Feature[]) {
  const router = Router();
  const { backOffice } = deps.auth;
  const projections = () => projectionsOf(features);
  const secret = () => loadAuditSecret(deps.config.auditSecret, deps.config.dataDir);

  const recordView = async (req: Request, subject: AuditViewSubject, subjectId: string | null, query: Record<string, string> = {}) => {
    const viewer = currentUser(req);
    const ctx = requestContext(req, deps.clock());
    await handleCommand(deps, auditViewsDecider, auditViewsStream(viewer.id, dayOf(ctx.now)), {
      type: 'RecordView', data: { viewer_id: viewer.id, viewer_role: viewer.role, subject, subject_id: subjectId, query },
    }, ctx);
  };

  /** The affiliate a request names, or 404 'User not found'. */
  const affiliateOf = async (req: Request) => {
    const id = String(req.params.userId);
    const user = z.uuid().safeParse(id).success ? await findUser(deps.pool, id) : null;
    if (!user || user.role !== 'affiliate') throw AppError.coded(404, 'user_not_found');
    return user;
  };

  router.get('/audit/affiliates/:userId/events', backOffice, async (req, res) => {
    const user = await affiliateOf(req);
    const { kind, lang, offset, limit } = parse(eventsQuery, req.query);
    const { total, events } = await affiliateEvents(deps.pool, user.id, kind, offset, limit, lang);
    await recordView(req, 'affiliate_events', user.id, kind.length ? { kind: kind.join(',') } : {});
    const answer: AuditEventsPage = { user_id: user.id, unique_id: user.unique_id, total, offset, limit, kinds: kind, events };
    res.json(answer);
  });

  router.get('/audit/affiliates/:userId/events/export', backOffice, async (req, res) => {
    const user = await affiliateOf(req);
    const { kind, lang } = parse(z.object({ kind: kindsSchema, ...language }), req.query);
    const { events } = await affiliateEvents(deps.pool, user.id, kind, 0, null, lang);
    await recordView(req, 'export_events', user.id, kind.length ? { kind: kind.join(',') } : {});
    const csv = toCsv(
      ['position', 'occurred_at', 'stream_id', 'revision', 'kind', 'type', 'summary', 'actor_id', 'actor_role', 'causation_id', 'correlation_id', 'event_id', 'data'],
      events.map((e) => [e.position, e.occurred_at, e.stream_id, e.revision, e.kind, e.type, e.summary, e.actor_id, e.actor_role, e.causation_id, e.correlation_id, e.event_id, e.data]),
    );
    sendCsv(res, `audit_${String(user.unique_id ?? '').padStart(5, '0')}_events.csv`, csv);
  });

  router.get('/audit/affiliates/:userId/as-of', backOffice, async (req, res) => {
    const user = await affiliateOf(req);
    const at = new Date(parse(asOfQuery, req.query).at);
    const week = isoWeek(at);
    const streams = await deps.eventStore.readStreams([userStream(user.id), ledgerStream(user.id), earningsStream(user.id, week), STANDARD_RATES_STREAM]);
    const account = streams.get(userStream(user.id)) ?? [];
    const variantIds = [...new Set(account.flatMap((e) => (e.type === 'PaymentSettingsChanged' && (e.data as { variant_id: string | null }).variant_id ? [(e.data as { variant_id: string }).variant_id] : [])))];
    const variantStreams = await deps.eventStore.readStreams(variantIds.map(paymentVariantStream));
    const answer = foldAsOf({
      userId: user.id, at, week, account, ledger: streams.get(ledgerStream(user.id)) ?? [], earnings: streams.get(earningsStream(user.id, week)) ?? [],
      standardRates: streams.get(STANDARD_RATES_STREAM) ?? [], variants: new Map(variantIds.map((id) => [id, variantStreams.get(paymentVariantStream(id)) ?? []])),
    });
    await recordView(req, 'affiliate_as_of', user.id, { at: at.toISOString() });
    res.json(answer);
  });

  const explained = async (req: Request) => {
    const id = String(req.params.paymentId);
    const key = z.uuid().safeParse(id).success ? await payoutKey(deps.pool, id) : null;
    const explanation = key && (await explainPayout(deps, key.user_id, key.week));
    if (!explanation) throw new AppError(404, AUDIT_MESSAGES.payoutNotFound);
    return explanation;
  };

  router.get('/audit/payouts/:paymentId', backOffice, async (req, res) => {
    const explanation = await explained(req);
    await recordView(req, 'payout', explanation.payout_id);
    res.json(explanation);
  });

  router.get('/audit/payouts/:paymentId/export', backOffice, async (req, res) => {
    const p = await explained(req);
    await recordView(req, 'export_payout', p.payout_id);
    // Each line names its cells; those it has nothing for stay empty.
    const rows: unknown[][] = [];
    const line = (cells: Partial<Record<(typeof PAYOUT_CSV_COLUMNS)[number], unknown>>) => rows.push(PAYOUT_CSV_COLUMNS.map((column) => cells[column] ?? ''));
    const payout = {
      payout_id: p.payout_id, payout_week: p.week, payout_status: p.status, payout_total: p.total, carried_in: p.carried_in,
      invoice_number: p.invoice?.number, invoice_matches: p.invoice ? (p.invoice.matches ? 'oui' : 'non') : undefined,
    };
    for (const item of p.items) {
      const base = {
        ...payout, item_id: item.item_id, item_kind: item.kind, item_week: item.week, item_label: item.label, item_amount: item.amount, recomputed_amount: item.recomputed_amount,
        matches: item.matches ? 'oui' : 'non', posted_position: item.posted?.position, source_type: item.source?.type, source_event_id: item.source?.event_id, source_position: item.source?.position,
      };
      if (item.referral) line({ ...base, settings: `base ${item.referral.base} x ${item.referral.rate} % = ${item.referral.exact}, arrondi ${item.referral.rounding}` });
      if (!item.days.length && !item.referral) line(base);
      for (const day of item.days) {
        const dayCells = {
          ...base, day: day.day, day_count: day.count, day_amount: day.amount, day_previous_amount: day.previous_amount, day_difference: day.difference,
          tiers_and_rates: day.spans.map((s) => `${s.count} x ${s.rate}${s.tier_level ? ` (palier ${s.tier_level})` : ''}`).join(' + '),
          settings: `${day.settings.kind}${day.settings.variant_name ? ` ${day.settings.variant_name} v${day.settings.variant_version}` : ''}`,
        };
        if (!day.figures.length) line(dayCells);
        for (const f of day.figures) {
          line({
            ...dayCells, figure_source: f.source, import_or_txid: f.import_id ?? f.txid, figure_event_id: f.event_id, figure_position: f.position,
            offer_id: f.offer_id, offer_name: f.offer_name, s1_s2: `${f.s1}/${f.s2}`, delta_essay: f.delta.essay, delta_bill: f.delta.bill,
          });
        }
      }
    }
    const csv = toCsv([...PAYOUT_CSV_COLUMNS], rows);
    sendCsv(res, `audit_payout_${p.week}_${String(p.unique_id ?? '').padStart(5, '0')}.csv`, csv);
  });

  router.get('/audit/rate-changes', backOffice, async (req, res) => {
    const { user_id, variant_id, lang, offset, limit } = parse(rateChangesQuery, req.query);
    const answer = await rateChanges(deps.pool, { user_id, variant_id }, offset, limit, lang);
    await recordView(req, 'rate_changes', user_id ?? variant_id ?? null, Object.fromEntries(Object.entries({ user_id, variant_id }).filter(([, v]) => v)) as Record<string, string>);
    res.json(answer);
  });

  router.post('/audit/verify', backOffice, async (req, res) => {
    const report = await verifyAudit(deps, projections(), deps.clock);
    await recordView(req, 'verify', null);
    res.json(report);
  });

  router.get('/audit/summary', backOffice, async (req, res) => {
    const summary = await signedSummary(deps, projections(), await secret(), deps.clock());
    await recordView(req, 'summary', null);
    res.set('Content-Disposition', `attachment; filename="audit_summary_${summary.generated_at.slice(0, 10)}.json"`).json(summary);
  });

  router.post('/audit/summary/check', backOffice, async (req, res) => {
    const summary = parse(summarySchema, req.body) as unknown as AuditSignedSummary;
    const valid = checkSummary(summary, await secret());
    res.json({ valid, message: valid ? AUDIT_MESSAGES.validSummary : AUDIT_MESSAGES.forgedSummary });
  });

  router.get('/audit/views', backOffice, async (req, res) => {
    const { offset, limit } = parse(viewsQuery, req.query);
    res.json(await auditViewsPage(deps.pool, offset, limit));
  });

  return router;
}

function sendCsv(res: Response, fileName: string, csv: string): void {
  res.set('Content-Type', 'text/csv; charset=utf-8').set('Content-Disposition', `attachment; filename="${fileName}"`).send(`\uFEFF${csv}`);
}

