import { decimalToCents, formatAffiliateId, OFFER_CATEGORIES, type PaymentHistoryRow, type PaymentType, type PayoutRunResult } from '@affilux/contract';
import { findPrincipalByEmail } from '../accounts/users/queries';
import type { Config } from '../config/config';
import { issueEmailCode } from '../identity/emailCodes';
import { startServer, type RunningServer } from '../server';
import { addDaysTo, dayOf, isoWeekOfDay, mondayOf, previousWeek, startOfDayInstant, type Day } from '../time/calendar';
import { brandBanner, templateVisual } from './brandImages';
import { apiClient, type ApiClient } from './client';
import {
  CITIES, CONTACT_MESSAGES, COUNTRIES_SEEN, CRYPTO_WALLETS, EXPERIENCES, FIRST_NAMES, LAST_NAMES, MANAGERS, OFFERS, PROFILES,
  RAISED_SALE_RATE, SOURCES, STANDARD_RATES, VARIANT_EDITS, VARIANTS, type OfferPlan, type VariantPlan,
} from './demoNetwork';
import { correctedRow, dayRow, daysFrom, randomFrom, splitByOffers, statsFile, type Promoter, type RawStatRow } from './figures';

/**
 * `npm run seed`: a realistic network in an empty installation, recorded the way the product
 * records everything. The seed starts the real server in this process on a clock it moves forward
 * from a year ago (or a few weeks for the small size), and calls the HTTP API as the back office,
 * the affiliates, visitors and brands' systems do: accounts open before their figures, settings
 * change on past days, and every day's figures arrive the next morning through the statistics
 * import; postbacks come one conversion at a time. Read models, prices and history are therefore
 * the product's own.
 */

export const SEED_SIZES = {
  /** What a newcomer should see: a year of a network of 46 affiliates and 16 offers. */
  demo: { days: 365, affiliates: 46, offers: 16, pending: 2, messages: 9, postbackDays: 21, apiKeyDays: 14 },
  /** For tests: three weeks, 8 affiliates, 6 offers. */
  small: { days: 21, affiliates: 8, offers: 6, pending: 1, messages: 3, postbackDays: 5, apiKeyDays: 3 },
} as const;
export type SeedSize = keyof typeof SEED_SIZES;

/** The password of every demo affiliate. */
export const DEMO_PASSWORD = 'demo-affilux';

export class SeedRefused extends Error {}

export type SeedReport = {
  size: SeedSize;
  from: Day;
  to: Day;
  managers: number;
  variants: number;
  offers: { total: number; private: number; postback: number };
  affiliates: { total: number; byKind: Record<string, number>; referred: number; frozen: number; unverified: number };
  applications: { pending: number; rejected: number };
  messages: number;
  imports: number;
  importedRows: number;
  postbacks: { recorded: number; reversed: number; duplicates: number };
  payouts: { runs: number; issued: number; issuedCents: number; carriedOver: number; failed: number };
  settingsChanges: string[];
  revenueCents: number;
  affiliateDays: number;
  adminEmail: string;
  /** The default admin's password when this run created the admin with a generated one. */
  generatedAdminPassword?: string;
  sampleAffiliates: { email: string; label: string }[];
  seconds: number;
};

type Kind = { label: string; type: PaymentType; variant: VariantPlan['key'] | null };
/** The payment settings affiliates get, in turn: every kind of rate is represented, even in the small network. */
const KINDS: Kind[] = [
  { label: 'PPT standard', type: 'ppt', variant: null },
  { label: 'SALE évolutif', type: 'sale', variant: 'sale-tiers' },
  { label: 'PPT fixe', type: 'ppt', variant: 'ppt-fixed' },
  { label: 'SALE standard', type: 'sale', variant: null },
  { label: 'PPT évolutif', type: 'ppt', variant: 'ppt-tiers' },
  { label: 'SALE fixe', type: 'sale', variant: 'sale-fixed' },
  { label: 'PPT standard', type: 'ppt', variant: null },
  { label: 'PPT fixe', type: 'ppt', variant: 'ppt-fixed' },
];
/** Affiliates who refer others, and their referral commission (percent). */
const REFERRERS: Record<number, number> = { 0: 5, 1: 10, 2: 7.5 };
/** Private offers (by brand) and the affiliates (by index) they are given to. */
const PRIVATE_OFFERS: Record<string, number[]> = { FlirtZone: [0, 1, 5], NightCams: [2, 6, 10], 'Roulette Riviera': [3, 11] };
/** Accounts frozen, and how many days before today. */
const FROZEN: { demo: [number, number][]; small: [number, number][] } = { demo: [[9, 45], [21, 12], [30, 70]], small: [[6, 4]] };

type Affiliate = {
  index: number;
  id: string;
  uniqueId: number;
  email: string;
  name: string;
  kind: Kind;
  /** The label of its rate now: its kind's, until the timeline moves it to another (`moves`). */
  rate: string;
  opened: Day;
  verified: boolean;
  token?: string;
  promoter: Promoter;
  postbackOffer: number | null;
};

type Offer = { id: string; uniqueId: number; plan: OfferPlan; postbackKey: string | null; privateFor: number[] };

const slug = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The time `hhmm` ('14:30') of a day in the network's time zone. */
const at = (day: Day, hhmm: string) => new Date(startOfDayInstant(day).getTime() + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * 60_000);

/** A valid French IBAN (mod-97 key computed) and SIRET (Luhn key), different for each affiliate. */
function bankDetails(n: number): { iban: string; siret: string } {
  const bban = `30004${String(10000 + n).padStart(5, '0')}${String(7_000_000_000 + n * 7919).padStart(11, '0')}${String(n % 97).padStart(2, '0')}`;
  const numeric = [...`${bban}FR00`].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  const iban = `FR${String(98 - remainder).padStart(2, '0')}${bban}`;
  const body = `${String(400_000_000 + n * 1_234_567).slice(0, 9)}0001`;
  const luhn = (digits: string) => [...digits].reverse().reduce((sum, d, i) => sum + (i % 2 ? ((Number(d) * 2) % 10) + Math.floor((Number(d) * 2) / 10) : Number(d)), 0);
  const check = (10 - (luhn(`${body}0`) % 10)) % 10;
  return { iban, siret: `${body}${check}` };
}

/**
 * Seeds an empty installation (refused, naming why, when it has affiliates or applications). The
 * server is started on `config` and stopped before returning. `now`: the end of the timeline (the
 * real time by default); nothing is recorded after it.
 */
export async function seedNetwork(config: Config, options: { size: SeedSize; now?: Date; log?: (line: string) => void }): Promise<SeedReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const size = SEED_SIZES[options.size];
  const end = new Date((options.now ?? new Date()).getTime() - 60_000);
  const today = dayOf(end);
  const firstDay = addDaysTo(today, -size.days);
  let now = at(addDaysTo(firstDay, -3), '09:00');
  /** Moves the clock to `time` (never back, never past the end). */
  const advance = (time: Date) => {
    now = new Date(Math.min(Math.max(now.getTime(), time.getTime()), end.getTime()));
  };

  const server = await startServer({ ...config, projections: 'inline' }, { serveFrontends: false, clock: () => new Date(now), deferJobs: true });
  try {
    const api = apiClient(server.url);
    const admin = await adminToken(server, config.adminEmail);
    await refuseUnlessEmpty(api, admin);
    await server.startJobs();
    const report: SeedReport = {
      size: options.size, from: firstDay, to: addDaysTo(today, -1), managers: 0, variants: 0, offers: { total: 0, private: 0, postback: 0 },
      affiliates: { total: 0, byKind: {}, referred: 0, frozen: 0, unverified: 0 }, applications: { pending: 0, rejected: 0 }, messages: 0,
      imports: 0, importedRows: 0, postbacks: { recorded: 0, reversed: 0, duplicates: 0 },
      payouts: { runs: 0, issued: 0, issuedCents: 0, carriedOver: 0, failed: 0 }, settingsChanges: [], revenueCents: 0, affiliateDays: 0,
      adminEmail: config.adminEmail, generatedAdminPassword: server.generatedAdminPassword, sampleAffiliates: [], seconds: 0,
    };

    // The catalogue, three days before the first figures.
    log('Catalogue: managers, variants, standard rates…');
    const managers: string[] = [];
    for (const manager of MANAGERS) managers.push((await api.post('/managers', manager, admin)).id);
    report.managers = managers.length;
    const variants = new Map<VariantPlan['key'], string>();
    for (const variant of VARIANTS) {
      advance(new Date(now.getTime() + 4 * 60_000));
      const { key, payment_type, ...definition } = variant;
      variants.set(key, (await api.post(payment_type === 'ppt' ? '/ppt-variants' : '/sales-variants', definition, admin)).id);
    }
    report.variants = variants.size;
    await api.put('/standard-rates/sale', { amount: STANDARD_RATES.sale }, admin);

    // Public offers the day before the first figures; private ones once their affiliates exist.
    advance(at(addDaysTo(firstDay, -1), '10:00'));
    log('Offers with their brand images…');
    const plans = OFFERS.slice(0, size.offers);
    const offers: Offer[] = [];
    for (const plan of plans.filter((p) => !p.private)) offers.push(await createOffer(api, admin, plan, []));

    // Affiliates: many in the first weeks, then fewer and fewer; each opened before its first figures.
    const affiliates: Affiliate[] = [];
    const openingOffset = (i: number) => Math.floor((i / size.affiliates) ** 2 * (size.days - 8));
    const actions = new Map<Day, { time: string; label: string; run: () => Promise<void> }[]>();
    const schedule = (day: Day, time: string, label: string, run: () => Promise<void>) => {
      if (day < firstDay || day >= today) return;
      actions.set(day, [...(actions.get(day) ?? []), { time, label, run }]);
    };
    /** The given weekday (1 = Monday) of the week `daysAgo` days before today, kept inside the timeline. */
    const weekday = (daysAgo: number, isoDay: number) => {
      let day = addDaysTo(mondayOf(isoWeekOfDay(addDaysTo(today, -daysAgo))), isoDay - 1);
      while (day >= today) day = addDaysTo(day, -7);
      while (day <= addDaysTo(firstDay, size.days > 60 ? 14 : 2)) day = addDaysTo(day, 7);
      return day;
    };

    for (let i = 0; i < size.affiliates; i++) {
      const day = addDaysTo(firstDay, openingOffset(i));
      schedule(day, `${String(10 + Math.floor(i / 12) % 8).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`, `opening ${i}`, async () => {
        affiliates.push(await openAccount(server, api, admin, { index: i, day, managers, variants, affiliates, offers, size }));
      });
    }
    for (const plan of plans.filter((p) => p.private)) {
      schedule(addDaysTo(firstDay, size.days > 60 ? 3 : 1), '11:00', `private offer ${plan.brand}`, async () => {
        const given = (PRIVATE_OFFERS[plan.brand] ?? []).filter((i) => affiliates[i]);
        const offer = await createOffer(api, admin, plan, given.map((i) => affiliates[i]!.uniqueId));
        offers.push({ ...offer, privateFor: given });
        for (const i of given) affiliates[i]!.promoter.offers.push({ uniqueId: offer.uniqueId, share: 0.35, from: dayOf(now), trackers: [] });
      });
    }

    // Settings that change mid-week, so that some weeks are priced under two settings.
    const change = (day: Day, time: string, label: string, run: () => Promise<void>) =>
      schedule(day, time, label, async () => {
        await run();
        report.settingsChanges.push(`${day} ${time} ${label}`);
      });
    change(weekday(size.days > 60 ? 150 : 12, 3), '15:00', `SALE standard rate ${STANDARD_RATES.sale} → ${RAISED_SALE_RATE} EUR`, async () => {
      await api.put('/standard-rates/sale', { amount: RAISED_SALE_RATE }, admin);
    });
    for (const [key, daysAgo, isoDay, time] of [['sale-tiers', size.days > 60 ? 100 : 6, 4, '11:30'], ['ppt-tiers', size.days > 60 ? 40 : 4, 2, '16:00']] as const) {
      const edit = VARIANT_EDITS[key]!;
      const plan = VARIANTS.find((v) => v.key === key)!;
      change(weekday(daysAgo, isoDay), time, `variant "${plan.name}" edited (version 2)`, async () => {
        const { key: _key, payment_type, ...definition } = plan;
        await api.put(`/${payment_type === 'ppt' ? 'ppt-variants' : 'sales-variants'}/${variants.get(key)}`, { ...definition, ...edit }, admin);
      });
    }
    const moves: [number, number, number, string, PaymentType, VariantPlan['key'] | null][] = [
      [0, size.days > 60 ? 120 : 5, 3, '14:00', 'ppt', 'ppt-tiers'],
      [5, size.days > 60 ? 30 : 3, 4, '10:15', 'sale', 'sale-tiers'],
      [7, size.days > 60 ? 60 : 2, 5, '17:00', 'sale', null],
    ];
    for (const [index, daysAgo, isoDay, time, type, variant] of moves) {
      if (index >= size.affiliates) continue;
      change(weekday(daysAgo, isoDay), time, `affiliate #${index + 1} moved to ${variant ? `"${VARIANTS.find((v) => v.key === variant)!.name}"` : `the ${type.toUpperCase()} standard rate`}`, async () => {
        const affiliate = affiliates[index];
        if (!affiliate) return;
        await api.put(`/admin/users/${affiliate.id}/payment-settings`, { payment_type: type, variant_id: variant ? variants.get(variant) : null }, admin);
        affiliate.rate = KINDS.find((k) => k.type === type && k.variant === variant)!.label;
      });
    }
    if (size.days > 60) {
      change(addDaysTo(today, -80), '09:40', 'referral commission of affiliate #2: 10 → 12.5 %', async () => {
        await api.put(`/admin/users/${affiliates[1]!.id}/referral-commission`, { referral_commission_rate: 12.5 }, admin);
      });
      change(addDaysTo(today, -55), '12:20', 'manager of affiliate #3 changed', async () => {
        await api.put(`/admin/users/${affiliates[2]!.id}/manager`, { manager_id: managers[3] }, admin);
      });
    }
    for (const [index, daysAgo] of FROZEN[options.size]) {
      schedule(addDaysTo(today, -daysAgo), '18:30', `freeze ${index}`, async () => {
        const affiliate = affiliates[index];
        if (!affiliate) return;
        await api.put(`/admin/users/${affiliate.id}/frozen-status`, { is_frozen: true }, admin);
        affiliate.promoter.frozenFrom = addDaysTo(dayOf(now), 1);
        report.affiliates.frozen++;
      });
    }

    // Visitors write in; the admin reads and answers some of them.
    for (let k = 0; k < size.messages; k++) {
      const message = CONTACT_MESSAGES[k % CONTACT_MESSAGES.length]!;
      const day = addDaysTo(today, -(k * 4 + 1));
      schedule(day, `${String(9 + ((k * 5) % 11)).padStart(2, '0')}:${String((k * 13) % 60).padStart(2, '0')}`, `message ${k}`, async () => {
        const from = affiliates[(k * 5) % Math.max(1, affiliates.length)];
        const name = from && k % 2 === 0 ? from.name : `${FIRST_NAMES[(k + 11) % FIRST_NAMES.length]} ${LAST_NAMES[(k + 5) % LAST_NAMES.length]}`;
        const email = from && k % 2 === 0 ? from.email : `${slug(name)}@prospect.test`;
        const { id } = await api.post('/contact/submit', { name, email, ...message });
        report.messages++;
        if (k % 3 !== 0) {
          advance(new Date(now.getTime() + 3 * 3_600_000));
          await api.put(`/admin/messages/${id}/status`, { status: k % 3 === 1 ? 'read' : 'replied' }, admin);
        }
      });
    }

    // Applications still waiting for a decision, and one refused.
    const applicants = Array.from({ length: size.pending + (size.days > 60 ? 1 : 0) }, (_, k) => k);
    for (const k of applicants) {
      const rejected = k === size.pending;
      const day = addDaysTo(today, rejected ? -20 : -(k + 1));
      schedule(day, `${String(8 + k * 3).padStart(2, '0')}:45`, `application ${k}`, async () => {
        const id = await submitApplication(api, { index: 100 + k, referredBy: null });
        if (rejected) {
          advance(new Date(now.getTime() + 20 * 3_600_000));
          await api.call('POST', `/applications/${id}/reject`, { token: admin });
          report.applications.rejected++;
        } else {
          report.applications.pending++;
        }
      });
    }

    // A brand's system sends its offers' figures of the last days with its key, the network the rest; a correction is re-sent by hand.
    let brandKey: string | null = null;
    const brand = offers.find((o) => o.plan.intake === 'import')!;
    schedule(addDaysTo(today, -(size.apiKeyDays + 1)), '16:00', 'api keys', async () => {
      const old = (await api.post('/admin/api-keys', { name: `Ancien export ${brand.plan.brand}`, offer_ids: [brand.id] }, admin)).id;
      advance(new Date(now.getTime() + 10 * 60_000));
      await api.call('DELETE', `/admin/api-keys/${old}`, { token: admin });
      brandKey = (await api.post('/admin/api-keys', { name: `Flux quotidien ${brand.plan.brand}`, offer_ids: [brand.id] }, admin)).key;
    });
    // The day after last week's run, the provider refuses one payout: the admin marks it failed (its invoice gets a credit note).
    const refusedDay = weekday(7, 4);
    schedule(refusedDay, '10:00', 'failed payout', async () => {
      const week = previousWeek(isoWeekOfDay(addDaysTo(refusedDay, -1)));
      const history = (await api.get(`/admin/payments/history?range=${encodeURIComponent('[0,99]')}`, admin)) as PaymentHistoryRow[];
      const refused = history.find((row) => row.week_label === week && row.status === 'paid');
      if (!refused) return;
      await api.post(`/admin/payments/${refused.id}/failed`, { reason: 'Paiement refusé par le prestataire : coordonnées à vérifier' }, admin);
      report.payouts.failed++;
    });
    const correctionDay = addDaysTo(today, size.days > 60 ? -11 : -4);
    schedule(addDaysTo(correctionDay, 3), '11:00', 'correction', async () => {
      const rows = affiliates.slice(0, 3).map((a) => dayRow(a.promoter, correctionDay)).filter((r): r is RawStatRow => r !== null).map(correctedRow);
      if (rows.length) await sendFile(api, { token: admin }, rows, `correction-${correctionDay}.csv`, 'csv', report);
    });

    // Day after day: the morning's import of yesterday's figures, the day's events, the evening's postbacks.
    log(`Timeline: ${firstDay} → ${today} (${size.days} days)…`);
    for (const day of daysFrom(firstDay, today)) {
      const yesterday = addDaysTo(day, -1);
      // Wednesday 06:00: the week closed the day before is paid, by the admin's run of the payout job.
      const closedWeek = previousWeek(isoWeekOfDay(day));
      if (day === addDaysTo(mondayOf(isoWeekOfDay(day)), 2) && addDaysTo(mondayOf(closedWeek), 6) >= firstDay) {
        advance(at(day, '06:00'));
        const run = (await api.post('/admin/payments/run', { week: closedWeek }, admin)) as PayoutRunResult;
        report.payouts.runs++;
        report.payouts.issued += run.issued;
        report.payouts.issuedCents += decimalToCents(run.issuedTotal)!;
        report.payouts.carriedOver += run.carriedOver;
      }
      if (yesterday >= firstDay) {
        advance(at(day, '07:30'));
        const rows = affiliates.map((a) => dayRow(a.promoter, yesterday)).filter((r): r is RawStatRow => r !== null);
        if (rows.length) {
          if (brandKey !== null && yesterday >= addDaysTo(today, -size.apiKeyDays)) {
            // The network's file replaces the whole day first; the brand's then brings its offer's figures.
            const { theirs, rest } = splitByOffers(rows, new Set([brand.uniqueId]));
            if (rest.length) await sendFile(api, { token: admin }, rest, `stats-${yesterday}.csv`, 'csv', report);
            if (theirs.length) await sendFile(api, { apiKey: brandKey }, theirs, `${slug(brand.plan.brand)}-${yesterday}.json`, 'json', report);
          } else {
            await sendFile(api, { token: admin }, rows, `stats-${yesterday}.csv`, 'csv', report);
          }
        }
      }
      for (const action of (actions.get(day) ?? []).sort((a, b) => a.time.localeCompare(b.time))) {
        advance(at(day, action.time));
        await action.run();
      }
      if (day < today && day >= addDaysTo(today, -size.postbackDays)) {
        advance(at(day, '21:00'));
        await sendPostbacks(api, day, affiliates, offers, report);
      }
      if (day.endsWith('-01')) log(`  ${day}: ${affiliates.length} affiliates, ${report.imports} imports`);
    }

    // The last week's sign-ins, so that most accounts look active.
    advance(at(addDaysTo(today, -1), '20:00'));
    for (const affiliate of affiliates.filter((a) => a.verified && a.promoter.frozenFrom === null && a.index % 4 !== 3)) {
      advance(new Date(now.getTime() + 60_000));
      await api.post('/auth/login', { email: affiliate.email, password: DEMO_PASSWORD });
    }

    await server.deps.readModels.waitForConsequences(await server.deps.eventStore.headPosition());
    const { rows: totals } = await server.deps.pool.query<{ revenue: string; days: string }>('SELECT coalesce(sum(revenue_cents), 0) AS revenue, count(*) AS days FROM rm_affiliate_days');
    report.revenueCents = Number(totals[0]!.revenue);
    report.affiliateDays = Number(totals[0]!.days);
    report.offers = { total: offers.length, private: offers.filter((o) => o.plan.private).length, postback: offers.filter((o) => o.plan.intake === 'postback').length };
    report.affiliates.total = affiliates.length;
    for (const affiliate of affiliates) report.affiliates.byKind[affiliate.kind.label] = (report.affiliates.byKind[affiliate.kind.label] ?? 0) + 1;
    report.affiliates.referred = affiliates.filter((a) => a.promoter && referrerOf(a.index) !== null).length;
    report.affiliates.unverified = affiliates.filter((a) => !a.verified).length;
    report.sampleAffiliates = [0, 1].map((i) => affiliates[i]).filter((a): a is Affiliate => !!a).map((a) => ({ email: a.email, label: `${a.name}, ${a.rate}` }));
    report.seconds = Math.round((Date.now() - started) / 1000);
    return report;
  } finally {
    await server.stop();
  }
}

/** A session of the default admin, from the server's own token service (its password may be unknown to the seed). */
async function adminToken(server: RunningServer, email: string): Promise<string> {
  const principal = await findPrincipalByEmail(server.deps.pool, email);
  if (!principal || principal.user.role !== 'admin') throw new SeedRefused(`No administrator ${email} in this installation: check ADMIN_EMAIL.`);
  return server.deps.tokens.issue({ sub: principal.user.id, role: 'admin', tv: principal.tokenVersion });
}

async function refuseUnlessEmpty(api: ApiClient, admin: string): Promise<void> {
  const affiliates = (await api.get('/admin/users/search?q=', admin)) as unknown[];
  const applications = (await api.get('/applications/counts', admin)) as { all: number };
  if (affiliates.length > 0 || applications.all > 0) {
    throw new SeedRefused(
      `This installation is not empty (${affiliates.length > 0 ? 'it has affiliates' : `it has ${applications.all} application(s)`}): the seed only fills an empty one, and changed nothing.`,
    );
  }
}

const referrerOf = (index: number): number | null => (index >= 3 && index % 5 === 3 ? index % 3 : null);

async function submitApplication(api: ApiClient, { index, referredBy }: { index: number; referredBy: number | null }): Promise<string> {
  const random = randomFrom(`applicant|${index}`);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const first = FIRST_NAMES[index % FIRST_NAMES.length]!;
  const last = LAST_NAMES[(index * 7 + 3) % LAST_NAMES.length]!;
  const username = `${slug(first)}${slug(last)}${index}`;
  const { id } = await api.post('/applications/submit', {
    first_name: first, last_name: last, username, email: `${slug(first)}.${slug(last)}${index}@demo-affilux.test`, password: DEMO_PASSWORD,
    profile_type: pick(PROFILES), contact_method: `@${username}`, country: pick(COUNTRIES_SEEN), experience_description: pick(EXPERIENCES),
    affiliate_niches: [pick(OFFER_CATEGORIES), pick(OFFER_CATEGORIES)].filter((n, i, all) => all.indexOf(n) === i),
    traffic_sources: [pick(SOURCES), pick(SOURCES)].filter((s, i, all) => all.indexOf(s) === i),
    terms_accepted: true, ...(referredBy ? { referred_by: referredBy } : {}),
  });
  return id;
}

/**
 * One affiliate's arrival: the application (with the referral link of its referrer, if any), the
 * admin's approval with its payment settings, manager and commission, its payment method, and (for
 * most) its first sign-in with the email verification and the trackers of its first offer.
 */
async function openAccount(
  server: RunningServer,
  api: ApiClient,
  admin: string,
  context: { index: number; day: Day; managers: string[]; variants: Map<string, string>; affiliates: Affiliate[]; offers: Offer[]; size: (typeof SEED_SIZES)[SeedSize] },
): Promise<Affiliate> {
  const { index: i, managers, variants, affiliates, offers, size } = context;
  const kind = KINDS[i % KINDS.length]!;
  const referrer = referrerOf(i);
  const id = await submitApplication(api, { index: i, referredBy: referrer !== null ? affiliates[referrer]?.uniqueId ?? null : null });
  const approved = await api.post(`/applications/${id}/approve`, {
    manager_id: i % 5 === 4 ? null : managers[i % managers.length],
    payment_type: kind.type,
    variant_id: kind.variant ? variants.get(kind.variant) : null,
    referral_commission_rate: REFERRERS[i] ?? 0,
  }, admin);
  const account = (await api.get(`/admin/users/${id}`, admin)) as { email: string; first_name: string; last_name: string };

  if (i < size.affiliates - 3) {
    const { iban, siret } = bankDetails(i + 1);
    const wallet = CRYPTO_WALLETS[i % CRYPTO_WALLETS.length]!;
    const method = i % 3 === 0
      ? { type: 'bank', company_name: `${account.last_name} Media SAS`, siret, iban, address: CITIES[i % CITIES.length], country: 'France' }
      : { type: 'crypto', crypto_name: wallet.crypto_name, crypto_address: `${wallet.prefix}${randomFrom(`wallet|${i}`)().toString(36).slice(2)}${String(i).padStart(6, '0')}Affx${'9'.repeat(12)}` };
    await api.post(`/admin/users/${id}/payment-method`, method, admin);
  }

  // Traffic: one to three of the public offers that take imports; some with tracker pairs.
  const random = randomFrom(`promoter|${i}`);
  const importOffers = offers.filter((o) => o.plan.intake === 'import' && !o.plan.private && !o.plan.inactive);
  const start = Math.floor(random() * importOffers.length);
  const chosen = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, k) => importOffers[(start + k * 2) % importOffers.length]!)
    .filter((o, k, all) => all.indexOf(o) === k);
  const withTrackers = i % 4 === 1;
  const sale = kind.type === 'sale';
  const promoter: Promoter = {
    uniqueId: approved.unique_id,
    opened: context.day,
    frozenFrom: null,
    volume: Math.round(60 + random() * (i % 7 === 0 ? 900 : 320)),
    rates: { registered: 0.06 + random() * 0.08, essay: sale ? 0.08 : 0.18 + random() * 0.2, bill: sale ? 0.06 + random() * 0.06 : 0.015 },
    offers: chosen.map((o, k) => ({
      uniqueId: o.uniqueId, share: k === 0 ? 0.6 : 0.25, from: context.day,
      trackers: withTrackers && k === 0 ? [{ s1: 'fb', s2: `camp${i}`, part: 0.4 }, { s1: 'tiktok', s2: '', part: 0.25 }] : [],
    })),
    globals: i % 6 === 2,
  };
  const postbackOffers = offers.filter((o) => o.plan.intake === 'postback' && !o.plan.private);
  const affiliate: Affiliate = {
    index: i, id, uniqueId: approved.unique_id, email: account.email, name: `${account.first_name} ${account.last_name}`, kind, rate: kind.label, opened: context.day,
    verified: i < size.affiliates - 2, promoter, postbackOffer: i % 6 === 2 && postbackOffers.length ? postbackOffers[i % postbackOffers.length]!.uniqueId : null,
  };
  if (affiliate.verified) {
    const { token } = await api.post('/auth/login', { email: affiliate.email, password: DEMO_PASSWORD });
    const code = await issueEmailCode(server.deps.pool, id, 'verify_email', server.deps.clock());
    await api.post('/auth/verify-email', { code }, token);
    if (withTrackers && chosen[0]) await api.put(`/affiliate/offers/trackers/${chosen[0].id}`, { tracker1: 'fb', tracker2: `camp${i}` }, token);
  }
  return affiliate;
}

/** An offer as the back office's form sends it (multipart), with its generated brand image and template visuals. */
async function createOffer(api: ApiClient, admin: string, plan: OfferPlan, privateFor: number[]): Promise<Offer> {
  const host = `${slug(plan.brand)}.example`;
  const templates = [];
  for (let t = 1; t <= (plan.templateImage ? 2 : 1); t++) {
    let image: string | null = null;
    if (plan.templateImage) {
      const form = new FormData();
      form.append('template_image', new Blob([templateVisual(t === 1 ? plan.brand : `${plan.brand} +`, ...plan.colours)], { type: 'image/png' }), `${slug(plan.brand)}-${t}.png`);
      image = (await api.call('POST', '/offers/upload-template-image', { token: admin, form })).body.filename;
    }
    templates.push({
      id: t, template_image: image, template_link: `https://${host}/lp${t}?utm_source=affilux`,
      template_link_ppt: t === 1 ? `https://${host}/essai?utm_source=affilux` : '', template_link_sale: plan.saleLink ? `https://${host}/premium?utm_source=affilux` : '',
      is_modular: Boolean(plan.modular), modulation_keys: plan.modular ? [{ key: 'lang', description: 'Langue de la page (fr, en)' }, { key: 'promo', description: 'Code promo de la campagne' }] : [],
    });
  }
  const fields: Record<string, string> = {
    brand_name: plan.brand, category: plan.category, status: plan.inactive ? 'inactive' : 'active', is_private: String(Boolean(plan.private)), intake: plan.intake,
    script_code_ppt: `<script src="https://track.${host}/ppt.js" async></script>`, script_code_sale: `<script src="https://track.${host}/sale.js" async></script>`,
    templates: JSON.stringify(templates),
  };
  if (plan.private) fields.private_affiliate_ids = JSON.stringify(privateFor);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('brand_image', new Blob([brandBanner(plan.brand, plan.tagline, ...plan.colours)], { type: 'image/png' }), `${slug(plan.brand)}.png`);
  const { offer } = (await api.call('POST', '/offers', { token: admin, form })).body as { offer: { id: string; unique_id: number } };
  const detail = (await api.get(`/offers/${offer.id}`, admin)) as { postback_key: string | null };
  return { id: offer.id, uniqueId: offer.unique_id, plan, postbackKey: detail.postback_key ?? null, privateFor };
}

/** A day's file through POST /stats/import, as the back office's screen (admin, file name) or a brand's system (API key) sends it. */
async function sendFile(api: ApiClient, sender: { token?: string; apiKey?: string }, rows: RawStatRow[], fileName: string | null, format: 'csv' | 'json', report: SeedReport) {
  const headers: Record<string, string> = {};
  if (sender.apiKey) headers['x-api-key'] = sender.apiKey;
  if (fileName) headers['x-file-name'] = encodeURIComponent(fileName);
  const answer = await api.call('POST', '/stats/import', { token: sender.token, raw: statsFile(rows, format), headers });
  report.imports++;
  report.importedRows += rows.length;
  return answer.body;
}

/**
 * The evening's postbacks from the brands whose offers take them: registrations, then the trials or
 * sales they turned into, each with its transaction id; now and then a sale taken back (reversed)
 * and a postback sent twice by the brand (counted once).
 */
async function sendPostbacks(api: ApiClient, day: Day, affiliates: Affiliate[], offers: Offer[], report: SeedReport) {
  const senders = affiliates.filter((a) => a.postbackOffer !== null && day >= a.opened && (a.promoter.frozenFrom === null || day < a.promoter.frozenFrom));
  // Brands' servers call at the same time: a few affiliates' conversions at once, each one's in order.
  const queue = [...senders];
  const worker = async () => {
    for (let affiliate = queue.shift(); affiliate; affiliate = queue.shift()) await sendConversions(api, day, affiliate, offers, report);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

async function sendConversions(api: ApiClient, day: Day, affiliate: Affiliate, offers: Offer[], report: SeedReport) {
  const offer = offers.find((o) => o.uniqueId === affiliate.postbackOffer);
  if (!offer?.postbackKey) return;
  const random = randomFrom(`postbacks|${affiliate.uniqueId}|${day}`);
  const events: ['registration' | 'essay' | 'bill', number][] = [
    ['registration', 1 + Math.floor(random() * 4)],
    [affiliate.kind.type === 'sale' ? 'bill' : 'essay', Math.floor(random() * 3)],
  ];
  for (const [event, count] of events) {
    for (let n = 0; n < count; n++) {
      const txid = `${slug(offer.plan.brand)}-${day}-${affiliate.uniqueId}-${event}-${n}`;
      const query = new URLSearchParams({ key: offer.postbackKey, source: formatAffiliateId(affiliate.uniqueId), event, txid, date: day, ...(n === 0 ? { s1: 'push' } : {}) });
      if ((await api.get(`/postback?${query.toString()}`)).status === 'recorded') report.postbacks.recorded++;
      // The brand's retry of a call it thought lost: the same transaction counts once.
      if (n === 0 && random() < 0.1 && (await api.get(`/postback?${query.toString()}`)).status === 'duplicate') report.postbacks.duplicates++;
      // A sale refunded (or a trial cancelled) after the brand's checks.
      if (event !== 'registration' && random() < 0.08) {
        query.set('status', 'reversed');
        if ((await api.get(`/postback?${query.toString()}`)).status === 'reversed') report.postbacks.reversed++;
      }
    }
  }
}
