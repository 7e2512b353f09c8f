import { centsToDecimal, tenthsToPercent, type AuditAsOf, type AuditVariantVersion, type PaymentType, type VariantTierView } from '@affilux/contract';
import { accountDecider } from '../accounts/account';
import type { AccountEvent } from '../accounts/events';
import type { EarningsEvent } from '../earnings/events';
import { paidKindOf } from '../earnings/rateEngine';
import { weekEarningsDecider } from '../earnings/weekEarnings';
import { comparePositions, positionToString, type RecordedEvent } from '../eventstore/eventStore';
import type { LedgerEvent } from '../payouts/events';
import { ledgerDecider, openItems } from '../payouts/ledger';
import type { IsoWeek } from '../time/calendar';
import { DEFAULT_STANDARD_RATE_CENTS, type StandardRateEvent, type Tier, type VariantEvent } from '../variants/events';

/** The streams an "as of" is folded from, read whole from the log; the fold keeps what was recorded up to `at`. */
export type AsOfStreams = {
  userId: string;
  at: Date;
  /** The ISO week of `at` (Europe/Paris), whose earnings stream is `earnings`. */
  week: IsoWeek;
  account: RecordedEvent[];
  ledger: RecordedEvent[];
  earnings: RecordedEvent[];
  /** Every payment-variant stream the account ever named. */
  variants: Map<string, RecordedEvent[]>;
  standardRates: RecordedEvent[];
};

const tierView = (t: Tier): VariantTierView => ({ tier_level: t.tier_level, min_sales: t.min_sales, max_sales: t.max_sales, amount: centsToDecimal(t.amount_cents) });

/** A variant's stream folded up to a time: its version then (1 = as created), or null when it did not exist yet. */
export function variantVersionAt(events: RecordedEvent[]): AuditVariantVersion | null {
  let version: AuditVariantVersion | null = null;
  for (const event of events as (RecordedEvent & VariantEvent)[]) {
    if (event.type === 'PaymentVariantDeleted') {
      version = version ? { ...(version as AuditVariantVersion), deleted: true } : null;
      continue;
    }
    const d = event.data;
    version = {
      variant_id: d.variant_id, name: d.name, payment_type: d.payment_type, version: (version?.version ?? 0) + 1, effective_at: event.metadata.occurredAt,
      base_amount: centsToDecimal(d.base_amount_cents), is_evolutionary: d.is_evolutionary, tiers: d.tiers.map(tierView), deleted: false,
    };
  }
  return version;
}

/** The tier holding position n (the last one beyond: it is open-ended), as the rate engine finds it. */
function tierAt(tiers: VariantTierView[], n: number): VariantTierView | null {
  return tiers.find((t) => n >= t.min_sales && (t.max_sales === null || n <= t.max_sales)) ?? tiers[tiers.length - 1] ?? null;
}

/**
 * An affiliate as it stood at `at`, folded from its events recorded up to then (never from today's
 * tables): the account decider folds the account, the ledger decider the balance, the week's
 * decider the week's pricing, and the variant and standard-rate streams give the rates then in force.
 * The week's tier is that of the week's last paid conversion (the first tier before any), its rate
 * that of the next conversion.
 */
export function foldAsOf(streams: AsOfStreams): AuditAsOf {
  const until = streams.at.getTime();
  const upTo = (events: RecordedEvent[]) => events.filter((e) => new Date(e.metadata.occurredAt).getTime() <= until);
  const account = upTo(streams.account);
  const ledger = upTo(streams.ledger);
  const earnings = upTo(streams.earnings);
  const standard = upTo(streams.standardRates);
  const variantEvents = new Map([...streams.variants].map(([id, events]) => [id, upTo(events)]));
  const folded = [account, ledger, earnings, standard, ...variantEvents.values()].flat();
  const last = folded.reduce<RecordedEvent | null>((latest, e) => (!latest || comparePositions(e.position, latest.position) > 0 ? e : latest), null);

  const state = account.reduce((s, e) => accountDecider.evolve(s, e as unknown as AccountEvent), accountDecider.initialState());
  const standardRate = (type: PaymentType) =>
    (standard as (RecordedEvent & StandardRateEvent)[]).filter((e) => e.data.payment_type === type).at(-1)?.data.amount_cents ?? DEFAULT_STANDARD_RATE_CENTS;
  const settingsEvents = account.filter((e) => e.type === 'PaymentSettingsChanged') as (RecordedEvent & Extract<AccountEvent, { type: 'PaymentSettingsChanged' }>)[];
  const usedVariants = [...new Set(settingsEvents.flatMap((e) => (e.data.variant_id ? [e.data.variant_id] : [])))];
  const variant_versions = usedVariants.flatMap((id) => variantVersionAt(variantEvents.get(id) ?? []) ?? []);

  const ledgerState = ledger.reduce((s, e) => ledgerDecider.evolve(s, e as unknown as LedgerEvent), ledgerDecider.initialState());
  const sumOf = (type: LedgerEvent['type']) => (ledger as (RecordedEvent & LedgerEvent)[]).filter((e) => e.type === type).reduce((sum, e) => sum + ('amount_cents' in e.data ? e.data.amount_cents : 0), 0);
  const open = openItems(ledgerState);
  const balance = {
    balance: centsToDecimal(ledgerState.balance),
    open_items: open.length,
    carried: centsToDecimal(open.filter((e) => e.carried).reduce((sum, e) => sum + e.item.amount_cents, 0)),
    paid_total: centsToDecimal(sumOf('ItemsSettled') - sumOf('ItemsReopened')),
    written_off_total: centsToDecimal(sumOf('BalanceWrittenOff')),
    last_movement_at: ledgerState.lastMovementAt,
  };

  const open_ = state.status === 'open' ? state : null;
  const paymentType: PaymentType = open_?.paymentType ?? 'ppt';
  const variant = open_?.variantId ? variantVersionAt(variantEvents.get(open_.variantId) ?? []) : null;
  const weekState = earnings.reduce((s, e) => weekEarningsDecider.evolve(s, e as unknown as EarningsEvent), weekEarningsDecider.initialState());
  const paidKind = paidKindOf(paymentType);
  const days = [...weekState.days.values()];
  const count = days.filter((d) => d.paid_kind === paidKind).reduce((sum, d) => sum + [...d.rows.values()].reduce((n, r) => n + r.count, 0), 0);
  const tiered = variant && variant.is_evolutionary && variant.tiers.length ? variant.tiers : null;
  const rate = tiered ? tierAt(tiered, count + 1)!.amount : variant ? variant.base_amount : centsToDecimal(standardRate(paymentType));

  return {
    user_id: streams.userId,
    at: streams.at.toISOString(),
    position: last ? positionToString(last.position) : null,
    events_folded: folded.length,
    exists: open_ !== null,
    unique_id: open_?.uniqueId ?? null,
    frozen: open_?.frozen ?? false,
    email_verified: open_?.emailVerified ?? false,
    payment_method_type: open_?.paymentMethod ?? null,
    referred_by: open_?.referredBy ?? null,
    referral_commission_rate: tenthsToPercent(open_?.referralTenths ?? 0),
    settings: open_
      ? { payment_type: paymentType, standard: !open_.variantId, variant, standard_rate: centsToDecimal(standardRate(paymentType)), since: settingsEvents.at(-1)?.metadata.occurredAt ?? null }
      : null,
    variant_versions,
    balance,
    week: {
      week: streams.week,
      paid_kind: paidKind,
      count,
      tier_level: tiered ? tierAt(tiered, Math.max(count, 1))!.tier_level : null,
      rate: open_ ? rate : null,
      amount: centsToDecimal(days.reduce((sum, d) => sum + d.amount_cents, 0)),
      closed: weekState.closed,
    },
  };
}
