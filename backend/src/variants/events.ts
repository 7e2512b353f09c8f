import type { PaymentType } from '@affilux/contract';
import type { DomainEvent } from '../eventstore/commands';

/** A tier of an evolutionary variant; amounts in integer cents. */
export type Tier = { tier_level: number; min_sales: number; max_sales: number | null; amount_cents: number };

/** Events of `payment-variant-<id>`: a named rate for PPT or SALE affiliates, fixed or evolutionary (weekly tiers). */
export type VariantDefinition = { variant_id: string; payment_type: PaymentType; name: string; base_amount_cents: number; is_evolutionary: boolean; tiers: Tier[] };

export type VariantEvent =
  | DomainEvent<'PaymentVariantCreated', VariantDefinition>
  | DomainEvent<'PaymentVariantUpdated', VariantDefinition>
  | DomainEvent<'PaymentVariantDeleted', { variant_id: string }>;

export const paymentVariantStream = (variantId: string) => `payment-variant-${variantId}`;
