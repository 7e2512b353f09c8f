import type { PaymentType } from '@affilux/contract';
import { deterministicEventId } from '../../eventstore/commands';
import type { RecordedEvent } from '../../eventstore/eventStore';
import { DEFAULT_STANDARD_RATE_CENTS, type StandardRateEvent, type Tier, type VariantDefinition, type VariantEvent } from '../../variants/events';
import { userIdOfStream, type AccountEvent } from '../events';
import type { RatePeriodCause, RatePeriodRow } from './schema';

/** The events that start rate periods. */
export type RatePeriodEvent = RecordedEvent &
  (
    | Extract<AccountEvent, { type: 'PaymentSettingsChanged' }>
    | Extract<VariantEvent, { type: 'PaymentVariantCreated' | 'PaymentVariantUpdated' }>
    | StandardRateEvent
  );

export const RATE_PERIOD_EVENTS = ['PaymentSettingsChanged', 'PaymentVariantCreated', 'PaymentVariantUpdated', 'StandardRateChanged'] as const;

/** The projection's own copy of a variant: its latest definition and how many definitions it has had. */
export type VariantCopy = Omit<VariantDefinition, 'variant_id'> & { id: string; version: number };

/**
 * What folding the log needs and changes: the variants and standard rates as of now, the current
 * (open) period of every affiliate concerned, and the periods written or removed so far.
 */
export type RatePeriodsState = {
  variants: Map<string, VariantCopy>;
  standardRates: Map<PaymentType, number>;
  /** The current period of each affiliate concerned, by user id. */
  current: Map<string, RatePeriodRow>;
  /** Every period started or ended by the events folded, by id. */
  written: Map<string, RatePeriodRow>;
  /** Periods that lasted no time (replaced at the instant they started): ids to delete if stored. */
  removed: Set<string>;
};

export const emptyRatePeriodsState = (): RatePeriodsState => ({
  variants: new Map(), standardRates: new Map(), current: new Map(), written: new Map(), removed: new Set(),
});

type Rate = Pick<RatePeriodRow, 'standard' | 'variant_id' | 'variant_version' | 'variant_name' | 'base_amount_cents' | 'is_evolutionary' | 'tiers'>;

const standardRate = (state: RatePeriodsState, paymentType: PaymentType): Rate => ({
  standard: true, variant_id: null, variant_version: null, variant_name: null,
  base_amount_cents: state.standardRates.get(paymentType) ?? DEFAULT_STANDARD_RATE_CENTS, is_evolutionary: false, tiers: [],
});

function variantRate(state: RatePeriodsState, variantId: string): Rate {
  const variant = state.variants.get(variantId);
  // A variant the log never defined (the API refuses one) is kept as such rather than priced at a guess.
  if (!variant) return { standard: false, variant_id: variantId, variant_version: null, variant_name: null, base_amount_cents: null, is_evolutionary: false, tiers: [] };
  return {
    standard: false, variant_id: variantId, variant_version: variant.version, variant_name: variant.name,
    base_amount_cents: variant.base_amount_cents, is_evolutionary: variant.is_evolutionary, tiers: variant.tiers as Tier[],
  };
}

/**
 * Starts a period of an affiliate at the event's time, ending the current one there. Periods never
 * overlap and leave no gap: a change at the very instant the current period started replaces it
 * (it lasted no time), and a change stamped earlier than that (two servers' clocks) starts with it.
 */
function startPeriod(state: RatePeriodsState, userId: string, paymentType: PaymentType, rate: Rate, cause: RatePeriodCause, event: RatePeriodEvent): void {
  const previous = state.current.get(userId);
  let startedAt = event.metadata.occurredAt;
  if (previous) {
    if (previous.started_at >= startedAt) {
      startedAt = previous.started_at;
      state.written.delete(previous.id);
      state.removed.add(previous.id);
    } else {
      state.written.set(previous.id, { ...previous, ended_at: startedAt });
    }
  }
  const period: RatePeriodRow = {
    id: deterministicEventId('rate-period', event.id, userId), user_id: userId, started_at: startedAt, ended_at: null, payment_type: paymentType,
    ...rate, cause, cause_event_id: event.id,
  };
  state.written.set(period.id, period);
  state.current.set(userId, period);
}

/** The affiliates whose current period is on a rate, in a stable order. */
const currentlyOn = (state: RatePeriodsState, on: (period: RatePeriodRow) => boolean) =>
  [...state.current.values()].filter(on).sort((a, b) => a.user_id.localeCompare(b.user_id));

/** One event into the state (mutated): the heart of the rate periods read model, pure. */
export function foldRatePeriodEvent(state: RatePeriodsState, event: RatePeriodEvent): void {
  switch (event.type) {
    case 'PaymentSettingsChanged': {
      const { payment_type, variant_id } = event.data;
      const rate = variant_id ? variantRate(state, variant_id) : standardRate(state, payment_type);
      startPeriod(state, userIdOfStream(event.streamId), payment_type, rate, 'settings', event);
      return;
    }
    case 'PaymentVariantCreated':
    case 'PaymentVariantUpdated': {
      // Every definition is a version (1 = as created), numbered like rm_payment_variant_versions.
      const { variant_id, ...definition } = event.data;
      state.variants.set(variant_id, { id: variant_id, ...definition, version: (state.variants.get(variant_id)?.version ?? 0) + 1 });
      const rate = variantRate(state, variant_id);
      for (const period of currentlyOn(state, (p) => !p.standard && p.variant_id === variant_id)) {
        startPeriod(state, period.user_id, period.payment_type, rate, 'variant_version', event);
      }
      return;
    }
    case 'StandardRateChanged': {
      const { payment_type, amount_cents } = event.data;
      state.standardRates.set(payment_type, amount_cents);
      const rate = standardRate(state, payment_type);
      for (const period of currentlyOn(state, (p) => p.standard && p.payment_type === payment_type)) {
        startPeriod(state, period.user_id, payment_type, rate, 'standard_rate', event);
      }
      return;
    }
  }
}

/** Every period a whole history makes, oldest first per affiliate (what a replay writes). */
export function ratePeriodsOf(events: RatePeriodEvent[]): RatePeriodRow[] {
  const state = emptyRatePeriodsState();
  for (const event of events) foldRatePeriodEvent(state, event);
  return [...state.written.values()].sort((a, b) => a.user_id.localeCompare(b.user_id) || a.started_at.localeCompare(b.started_at));
}
