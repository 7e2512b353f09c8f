import type { PaymentType, VariantValue } from '@affilux/contract';
import type { Decider } from '../eventstore/commands';
import { AppError } from '../http/errors';
import type { VariantDefinition, VariantEvent } from './events';

/** A variant's stream folded: its current definition (its earlier versions stay in the stream), or deleted. */
export type Variant = { status: 'none' } | { status: 'active'; definition: VariantDefinition } | { status: 'deleted' };

export type VariantCommand =
  | { type: 'CreateVariant'; variantId: string; paymentType: PaymentType; definition: VariantValue }
  | { type: 'UpdateVariant'; variantId: string; paymentType: PaymentType; definition: VariantValue }
  /** `affiliatesUsingIt`: how many affiliates have the variant in their settings (the route counts them). */
  | { type: 'DeleteVariant'; variantId: string; paymentType: PaymentType; affiliatesUsingIt: number };

export const VARIANT_NOT_FOUND = 'Variante introuvable';

/** The refusal of a variant still in use, with how many affiliates use it (the back office translates the count). */
export const variantInUse = (count: number) =>
  new AppError(409, `Cette variante est utilisée par ${count} affilié${count > 1 ? 's' : ''} : changez d'abord leur variante`, { affiliate_count: count });

function evolve(_state: Variant, event: VariantEvent): Variant {
  switch (event.type) {
    case 'PaymentVariantCreated':
    case 'PaymentVariantUpdated':
      return { status: 'active', definition: event.data };
    case 'PaymentVariantDeleted':
      return { status: 'deleted' };
  }
}

const toDefinition = (variantId: string, paymentType: PaymentType, value: VariantValue): VariantDefinition => ({
  variant_id: variantId,
  payment_type: paymentType,
  name: value.name,
  base_amount_cents: value.base_amount_cents,
  is_evolutionary: value.is_evolutionary,
  tiers: value.tiers,
});

/** A variant of this payment type (a PPT variant is not found among the SALE ones). */
function requireActive(state: Variant, paymentType: PaymentType): VariantDefinition {
  if (state.status !== 'active' || state.definition.payment_type !== paymentType) throw new AppError(404, VARIANT_NOT_FOUND);
  return state.definition;
}

/** Field by field: the stored event's keys may come back in another order (jsonb). */
const sameDefinition = (a: VariantDefinition, b: VariantDefinition) =>
  a.name === b.name &&
  a.base_amount_cents === b.base_amount_cents &&
  a.is_evolutionary === b.is_evolutionary &&
  a.tiers.length === b.tiers.length &&
  a.tiers.every((t, i) => {
    const u = b.tiers[i]!;
    return t.tier_level === u.tier_level && t.min_sales === u.min_sales && t.max_sales === u.max_sales && t.amount_cents === u.amount_cents;
  });

function decide(command: VariantCommand, state: Variant): VariantEvent[] {
  switch (command.type) {
    case 'CreateVariant':
      if (state.status !== 'none') throw new AppError(409, 'Variante déjà enregistrée');
      return [{ type: 'PaymentVariantCreated', data: toDefinition(command.variantId, command.paymentType, command.definition) }];
    case 'UpdateVariant': {
      // Every edit is a new version (in force from when it is recorded); saving it unchanged is no edit.
      const current = requireActive(state, command.paymentType);
      const definition = toDefinition(command.variantId, command.paymentType, command.definition);
      return sameDefinition(current, definition) ? [] : [{ type: 'PaymentVariantUpdated', data: definition }];
    }
    case 'DeleteVariant':
      requireActive(state, command.paymentType);
      if (command.affiliatesUsingIt > 0) throw variantInUse(command.affiliatesUsingIt);
      return [{ type: 'PaymentVariantDeleted', data: { variant_id: command.variantId } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The one decider of `payment-variant-<id>` streams. */
export const variantDecider: Decider<VariantCommand, VariantEvent, Variant> = { initialState: () => ({ status: 'none' }), evolve, decide };
