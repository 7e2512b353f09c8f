import type { DomainEvent } from '../eventstore/commands';
import type { PaymentType } from '../accounts/events';

/** A tier of an evolutionary variant; amounts in integer cents. */
export type Tier = { tier_level: number; min_sales: number; max_sales: number | null; amount_cents: number };

/** Managers (contact persons, not logins) and payment variants, edited in the back-office catalogue. */
export type CatalogueEvent =
  | DomainEvent<'ManagerCreated', { manager_id: string; nom: string; telegram: string | null; mail: string | null }>
  | DomainEvent<'ManagerUpdated', { manager_id: string; nom: string; telegram: string | null; mail: string | null }>
  | DomainEvent<'ManagerDeleted', { manager_id: string }>
  | DomainEvent<
      'PaymentVariantCreated' | 'PaymentVariantUpdated',
      { variant_id: string; payment_type: PaymentType; name: string; base_amount_cents: number; is_evolutionary: boolean; tiers: Tier[] }
    >
  | DomainEvent<'PaymentVariantDeleted', { variant_id: string }>;

export const managerStream = (managerId: string) => `manager-${managerId}`;
export const paymentVariantStream = (variantId: string) => `payment-variant-${variantId}`;
