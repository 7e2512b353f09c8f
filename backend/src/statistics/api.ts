import {
  addDaysToDay, centsToDecimal, formatAffiliateId, isDayText, isRecentlyConnected, isStatsPeriod, monthStartOf, periodRange, previousMonthStartOf,
  DEFAULT_STATS_PERIOD, STATISTICS_MESSAGES, TOP_AFFILIATE_PERIODS, TOP_AFFILIATES_LIMIT,
  type AffiliateProcessedStats, type ApiUser, type BulkRevenueResult, type GlobalStats, type StatsPeriod, type StatsTableAnswer, type UserStatistics,
} from '@affilux/contract';
import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { findAffiliate } from '../accounts/users/queries';
import type { AppDeps } from '../feature';
import {
  affiliateDays, affiliateLifetime, affiliateMonths, affiliatesOfMonth, compactRowsOfPeriod, figureRowsOfPeriod, networkDays, networkLifetime, revenueOfRows, topAffiliates,
} from '../figures/statistics/reports';
import { currentUser } from '../identity/authMiddleware';
import { AppError, badRequest } from '../http/errors';
import { concurrencyLimit } from '../http/concurrencyLimit';
import { inputHygiene } from '../http/inputHygiene';
import { invalidInput, parse } from '../http/validate';
import { dayOf, startOfDayInstant, type Day } from '../time/calendar';
import { emailVerificationCounts } from './emailVerifications/queries';
import { affiliateChart, earningsOf, networkChart, performanceOf, rawStatRows, sumOfDays, topAffiliate } from './views';

type Deps = Pick<AppDeps, 'pool' | 'auth' | 'clock'>;
type Affiliate = Pick<ApiUser, 'id' | 'unique_id' | 'payment_type'>;

const day = z.string({ error: STATISTICS_MESSAGES.invalidDate }).refine(isDayText, STATISTICS_MESSAGES.invalidDate);
const periodQuery = z.object({
  period: z.string({ error: STATISTICS_MESSAGES.invalidPeriod }).refine(isStatsPeriod, STATISTICS_MESSAGES.invalidPeriod).optional(),
  from: day.optional(),
  to: day.optional(),
});
const SOURCE_FORMAT = 'source doit être un identifiant affilié à 5 chiffres';
const rawQuery = periodQuery.extend({ source: z.string({ error: SOURCE_FORMAT }).regex(/^\d{5}$/, SOURCE_FORMAT) });
const topQuery = z.object({
  period: z.enum(TOP_AFFILIATE_PERIODS, { error: STATISTICS_MESSAGES.invalidPeriod }).default('month'),
  limit: z.coerce.number({ error: 'limit doit être un nombre entier' }).int('limit doit être un nombre entier')
    .min(1, `limit doit être entre 1 et ${TOP_AFFILIATES_LIMIT.max}`).max(TOP_AFFILIATES_LIMIT.max, `limit doit être entre 1 et ${TOP_AFFILIATES_LIMIT.max}`)
    .default(TOP_AFFILIATES_LIMIT.default),
});
/** A year of one affiliate's rows at most (365 days, 20 offers, 10 tracker pairs and their default rows). */
const BULK_MAX_ROWS = 100_000;
const tracker = z.string({ error: 'Les trackers sont des textes' }).max(100, 'Tracker trop long (100 caractères au plus)').nullish().transform((v) => (v ?? '').trim());
/** Every way a row's fields can be wrong has one French message (never zod's English), given once. */
const BULK_MESSAGES = {
  body: 'Le corps doit être un objet { statsRows: [...] }',
  rows: 'statsRows doit être une liste de lignes',
  tooManyRows: `statsRows doit contenir ${BULK_MAX_ROWS} lignes au plus`,
  row: 'Chaque ligne de statsRows doit être un objet { date, offerId, tracker1, tracker2 }',
  date: 'date doit être une date AAAA-MM-JJ',
  offerId: "offerId doit être un identifiant d'offre à 5 chiffres au plus, ou null",
} as const;
const bulkOfferId = z
  .union([
    // One check (not int().min().max()): a number past 2^53 would otherwise fail several, each with its own issue.
    z.number().refine((n) => Number.isInteger(n) && n >= 0 && n <= 99_999, BULK_MESSAGES.offerId),
    z.string().regex(/^\d{0,5}$/, BULK_MESSAGES.offerId),
    z.null(),
  ], { error: BULK_MESSAGES.offerId })
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? null : Number(v)));
const bulkBody = z.object({
  statsRows: z.array(z.unknown(), { error: BULK_MESSAGES.rows }).max(BULK_MAX_ROWS, BULK_MESSAGES.tooManyRows),
}, { error: BULK_MESSAGES.body });
const bulkRows = z.array(z.object({
  date: z.string({ error: BULK_MESSAGES.date }).refine(isDayText, BULK_MESSAGES.date),
  offerId: bulkOfferId,
  tracker1: tracker,
  tracker2: tracker,
}, { error: BULK_MESSAGES.row }));
/**
 * Bulk rows are checked and answered a slice at a time, the event loop free between slices: a year
 * of rows is a second or two of work, which would otherwise hold up every other caller.
 */
const BULK_SLICE = 2_000;
/** Bulk computations running at once on the server (one per caller): the others wait their turn. */
const BULK_AT_ONCE = 2;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The network's day now, in Europe/Paris. */
const todayOf = (deps: Deps): Day => dayOf(deps.clock());

/** The days a request's period covers (default: the last 7 days), or a 400 with the spec's message. */
function rangeOf(query: z.infer<typeof periodQuery>, today: Day): { period: StatsPeriod; from: Day; to: Day } {
  const period = (query.period ?? DEFAULT_STATS_PERIOD) as StatsPeriod;
  const range = periodRange(period, today, { from: query.from, to: query.to });
  if (!range.ok) throw badRequest(range.message, [{ field: range.field, msg: range.message }]);
  return { period, from: range.from, to: range.to };
}

/**
 * The table's answer, spliced as JSON text: the rows of a year of figures (some 80,000) never
 * become JavaScript objects on the server.
 */
async function sendTable(deps: Deps, user: Affiliate, query: unknown, res: Response): Promise<void> {
  const today = todayOf(deps);
  const { period, from, to } = rangeOf(parse(periodQuery, query), today);
  const { rows, offers } = await compactRowsOfPeriod(deps.pool, user.id, from, to);
  const head: Omit<StatsTableAnswer, 'offers' | 'rows'> = { period, from, to, today, payment_type: user.payment_type };
  res.type('application/json').send(`${JSON.stringify(head).slice(0, -1)},"offers":${offers},"rows":${rows}}`);
}

/** Raw rows of the user's own source only: another affiliate's 5-digit id is refused. */
async function rawAnswer(deps: Deps, user: Affiliate, query: unknown, foreign: () => AppError) {
  const parsed = parse(rawQuery, query);
  if (user.unique_id === null || parsed.source !== formatAffiliateId(user.unique_id)) throw foreign();
  const { from, to } = rangeOf(parsed, todayOf(deps));
  return rawStatRows(await figureRowsOfPeriod(deps.pool, user.id, from, to));
}

type BulkRow = z.infer<typeof bulkRows>[number];

async function bulkRowsOf(body: unknown): Promise<BulkRow[]> {
  const { statsRows } = parse(bulkBody, body);
  const rows: BulkRow[] = [];
  const issues: z.core.$ZodIssue[] = [];
  for (let from = 0; from < statsRows.length; from += BULK_SLICE) {
    if (from > 0) await nextTurn();
    const slice = bulkRows.safeParse(statsRows.slice(from, from + BULK_SLICE));
    if (slice.success) rows.push(...slice.data);
    else issues.push(...slice.error.issues.map((issue) => ({ ...issue, path: ['statsRows', from + Number(issue.path[0]), ...issue.path.slice(1)] })));
  }
  if (issues.length) throw invalidInput(issues);
  return rows;
}

/** `{ results: [...] }`, each row with the revenue recorded for it, written a slice at a time. */
async function sendBulkRevenues(deps: Deps, user: Affiliate, body: unknown, res: Response): Promise<void> {
  const rows = await bulkRowsOf(body);
  const revenues = await revenueOfRows(deps.pool, user.id, rows.map((row) => ({ day: row.date, offer_unique_id: row.offerId, s1: row.tracker1, s2: row.tracker2 })));
  res.type('application/json');
  res.write('{"results":[');
  for (let from = 0; from < rows.length; from += BULK_SLICE) {
    if (from > 0) await nextTurn();
    if (res.destroyed) return;
    const slice = rows.slice(from, from + BULK_SLICE).map((row, i) => {
      const result: BulkRevenueResult = { date: row.date, offerId: row.offerId, tracker1: row.tracker1, tracker2: row.tracker2, revenue: centsToDecimal(revenues[from + i] ?? 0) };
      return JSON.stringify(result);
    });
    res.write((from > 0 ? ',' : '') + slice.join(','));
  }
  res.end(']}');
}

/** The affiliate a back-office request names (`:id`, its user id), or 404 'User not found'. */
async function affiliateNamed(deps: Deps, req: Request) {
  const id = String(req.params.id);
  const user = z.string().uuid().safeParse(id).success ? await findAffiliate(deps.pool, id) : null;
  if (!user) throw AppError.coded(404, 'user_not_found');
  return user;
}

/** An affiliate's last 30 days and its months: what both dashboards start from. */
async function affiliateFigures(deps: Deps, user: Affiliate, today: Day) {
  const from = addDaysToDay(today, -29);
  const [days, months] = await Promise.all([
    affiliateDays(deps.pool, user.id, from, today),
    affiliateMonths(deps.pool, user.id, [monthStartOf(today), previousMonthStartOf(today)]),
  ]);
  const dayRecord = (offset: number) => days.find((d) => d.day === addDaysToDay(today, offset));
  const monthRecord = (month: Day) => months.find((m) => m.month === month);
  return {
    dayRecord,
    month: monthRecord(monthStartOf(today)),
    previousMonth: monthRecord(previousMonthStartOf(today)),
    chart: affiliateChart(days, from, today, user.payment_type),
  };
}

/** The statistics of the affiliate area and of the back office's user statistics page. */
export function statisticsApi(deps: Deps) {
  const router = Router();
  const { affiliate, backOffice } = deps.auth;

  const affiliateOf = (req: Request) => affiliateNamed(deps, req);

  router.get('/affiliate/stats/processed', affiliate, async (req, res) => {
    const user = currentUser(req);
    const today = todayOf(deps);
    const figures = await affiliateFigures(deps, user, today);
    const answer: AffiliateProcessedStats = {
      today,
      revenue: {
        today: earningsOf(figures.dayRecord(0)),
        yesterday: earningsOf(figures.dayRecord(-1)),
        dayBeforeYesterday: earningsOf(figures.dayRecord(-2)),
        month: earningsOf(figures.month),
        previousMonth: earningsOf(figures.previousMonth),
      },
      performance: {
        today: performanceOf(figures.dayRecord(0), user.payment_type),
        yesterday: performanceOf(figures.dayRecord(-1), user.payment_type),
        month: performanceOf(figures.month, user.payment_type),
        previousMonth: performanceOf(figures.previousMonth, user.payment_type),
      },
      user: { payment_type: user.payment_type },
      charts: { last30Days: figures.chart },
    };
    res.json(answer);
  });

  router.get('/affiliate/stats/rows', affiliate, async (req, res) => {
    await sendTable(deps, currentUser(req), req.query, res);
  });

  router.get('/affiliate/stats/raw', affiliate, async (req, res) => {
    res.json(await rawAnswer(deps, currentUser(req), req.query, () => new AppError(403, STATISTICS_MESSAGES.foreignSource)));
  });

  router.get('/admin/stats/global', backOffice, async (_req, res) => {
    const today = todayOf(deps);
    const yesterday = addDaysToDay(today, -1);
    const monthStart = monthStartOf(today);
    const chartFrom = addDaysToDay(today, -29);
    const [days, lifetime, affiliates, verified] = await Promise.all([
      networkDays(deps.pool, chartFrom < monthStart ? chartFrom : monthStart, today),
      networkLifetime(deps.pool),
      affiliatesOfMonth(deps.pool, monthStart, startOfDayInstant(monthStart)),
      emailVerificationCounts(deps.pool, { today, yesterday, monthStart }),
    ]);
    const counts = (from: Day, to: Day, emailVerified: number) => {
      const { click, registered, essay, bill } = sumOfDays(days, from, to);
      return { click, registered, emailVerified, essay, bill };
    };
    const revenue = (from: Day, to: Day) => centsToDecimal(sumOfDays(days, from, to).revenue_cents);
    const answer: GlobalStats = {
      today,
      overview: {
        totalAffiliates: affiliates.total,
        activeAffiliates: affiliates.active,
        inactiveAffiliates: Math.max(0, affiliates.total - affiliates.active),
        newAffiliatesThisMonth: affiliates.opened,
        totalEssays: lifetime.essay,
        conversionsThisMonth: affiliates.conversions,
      },
      performance: {
        today: counts(today, today, verified.today),
        yesterday: counts(yesterday, yesterday, verified.yesterday),
        month: counts(monthStart, today, verified.month),
      },
      revenue: { today: revenue(today, today), yesterday: revenue(yesterday, yesterday), month: revenue(monthStart, today), total: centsToDecimal(lifetime.revenue_cents) },
      charts: { last30Days: networkChart(days, chartFrom, today) },
    };
    res.json(answer);
  });

  router.get('/admin/stats/top-affiliates', backOffice, async (req, res) => {
    const { period, limit } = parse(topQuery, req.query);
    const now = deps.clock();
    const today = dayOf(now);
    const range =
      period === 'today' ? { table: 'days' as const, day: today }
      : period === 'yesterday' ? { table: 'days' as const, day: addDaysToDay(today, -1) }
      : period === 'month' ? { table: 'months' as const, from: monthStartOf(today), to: monthStartOf(today) }
      : period === 'lastMonth' ? { table: 'months' as const, from: previousMonthStartOf(today), to: previousMonthStartOf(today) }
      : { table: 'months' as const, from: `${today.slice(0, 4)}-01-01`, to: monthStartOf(today) };
    const records = await topAffiliates(deps.pool, range, limit);
    res.json(records.map((r) => topAffiliate(r, isRecentlyConnected(r.last_connection === null ? null : new Date(r.last_connection).toISOString(), now))));
  });

  router.get('/admin/users/:id/statistics', backOffice, async (req, res) => {
    const user = await affiliateOf(req);
    const now = deps.clock();
    const today = dayOf(now);
    const [figures, lifetime] = await Promise.all([affiliateFigures(deps, user, today), affiliateLifetime(deps.pool, user.id)]);
    const lastConnection = user.last_connection === null ? null : new Date(user.last_connection).toISOString();
    const answer: UserStatistics = {
      today,
      user: {
        id: user.id, unique_id: user.unique_id, first_name: user.first_name, last_name: user.last_name, email: user.email, payment_type: user.payment_type,
        is_frozen: user.is_frozen, created_at: new Date(user.created_at).toISOString(), last_connection: lastConnection,
      },
      performance: { today: performanceOf(figures.dayRecord(0), user.payment_type), month: performanceOf(figures.month, user.payment_type) },
      revenue: { today: earningsOf(figures.dayRecord(0)), yesterday: earningsOf(figures.dayRecord(-1)), month: earningsOf(figures.month), total: earningsOf(lifetime) },
      activity: {
        lastConnection,
        status: isRecentlyConnected(lastConnection, now) ? 'active' : 'inactive',
        accountCreated: new Date(user.created_at).toISOString(),
        totalDays: lifetime.active_days,
      },
      charts: { last30Days: figures.chart },
    };
    res.json(answer);
  });

  router.get('/admin/users/:id/stats/rows', backOffice, async (req, res) => {
    await sendTable(deps, await affiliateOf(req), req.query, res);
  });

  router.get('/admin/users/:id/stats/raw', backOffice, async (req, res) => {
    const user = await affiliateOf(req);
    res.json(await rawAnswer(deps, user, req.query, () => badRequest("source n'est pas l'identifiant de cet affilié", [{ field: 'source', msg: "source n'est pas l'identifiant de cet affilié" }])));
  });

  return router;
}

/**
 * POST .../calculate-bulk-revenues: a list of rows as large as a year of one affiliate's figures,
 * so it reads its own body (larger than the API's 100 kB) once the caller is known. Mounted before
 * the JSON body parser.
 */
export function bulkRevenuesApi(deps: Deps) {
  const router = Router();
  const limit = concurrencyLimit({ total: BULK_AT_ONCE, callerOf: (req) => currentUser(req).id });
  const body = [limit.perCaller, express.json({ limit: '8mb' }), inputHygiene, limit.onServer];

  router.post('/affiliate/stats/calculate-bulk-revenues', deps.auth.affiliate, ...body, async (req, res) => {
    await sendBulkRevenues(deps, currentUser(req), req.body, res);
  });

  router.post('/admin/users/:id/calculate-bulk-revenues', deps.auth.backOffice, ...body, async (req, res) => {
    await sendBulkRevenues(deps, await affiliateNamed(deps, req), req.body, res);
  });

  return router;
}
