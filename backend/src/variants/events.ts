import type { PaymentType } from '@affilux/contract';
import type { DomainEvent } from '../eventstore/commands';

/** A tier of an evolutionary variant; amounts in integer cents; `max_sales` null is open-ended. */
export type Tier = { tier_level: number; min_sales: number; max_sales: number | null; amount_cents: number };

export type VariantDefinition = { variant_id: string; payment_type: PaymentType; name: string; base_amount_cents: number; is_evolutionary: boolean; tiers: Tier[] };

/**
 * Events of `payment-variant-<id>`: a named rate for PPT or SALE affiliates, fixed or evolutionary
 * (weekly tiers). Every definition event is a version: the creation is version 1, each update the
 * next one, in force from the moment it was recorded (earnings use the version in force on their day).
 */
export type VariantEvent =
  | DomainEvent<'PaymentVariantCreated', VariantDefinition>
  | DomainEvent<'PaymentVariantUpdated', VariantDefinition>
  | DomainEvent<'PaymentVariantDeleted', { variant_id: string }>;

export const paymentVariantStream = (variantId: string) => `payment-variant-${variantId}`;

/** The network's standard rate per payment type (what an affiliate without a variant earns per conversion), one stream with its history. */
export type StandardRateEvent = DomainEvent<'StandardRateChanged', { payment_type: PaymentType; amount_cents: number }>;

export const STANDARD_RATES_STREAM = 'standard-rates';
/** The standard rate until an admin sets one: 20.00 EUR per conversion. */
export const DEFAULT_STANDARD_RATE_CENTS = 2000;
