import type { OfferTemplate } from '@affilux/contract';
import { OFFER_MESSAGES } from '@affilux/contract';
import type { Decider } from '../eventstore/commands';
import { AppError, badRequest, notFound } from '../http/errors';
import type { OfferDefinition, OfferEvent } from './events';

/** What an admin fills in (without the ids the server gives). */
export type OfferFields = Omit<OfferDefinition, 'offer_id' | 'unique_id'>;

export type OfferCommand =
  | { type: 'CreateOffer'; offerId: string; uniqueId: number; fields: OfferFields }
  | { type: 'UpdateOffer'; fields: OfferFields }
  | { type: 'DeleteOffer' }
  | { type: 'RotatePostbackKey' };

export type OfferState = { status: 'none' } | { status: 'live'; offer: OfferDefinition } | { status: 'deleted' };

/**
 * The form's rules that hold whatever the client sends: a public offer lists no affiliate (switching
 * to public clears the list), a template that is not modular has no modulation key, and templates
 * are numbered 1, 2, ... in their order.
 */
export function normalizeOffer(fields: OfferFields): OfferFields {
  const templates: OfferTemplate[] = fields.templates.map((template, index) => ({
    ...template,
    id: index + 1,
    modulation_keys: template.is_modular ? template.modulation_keys : [],
  }));
  const private_affiliate_ids = fields.is_private ? [...new Set(fields.private_affiliate_ids)].sort((a, b) => a - b) : [];
  if (fields.is_private && private_affiliate_ids.length === 0) {
    throw badRequest(OFFER_MESSAGES.privateNeedsAffiliates, [{ field: 'private_affiliate_ids', msg: OFFER_MESSAGES.privateNeedsAffiliates }]);
  }
  return { ...fields, templates, private_affiliate_ids };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const offerNotFound = () => notFound(OFFER_MESSAGES.offerNotFound);

/** The one decider of `offer-<id>` streams. */
export const offerDecider: Decider<OfferCommand, OfferEvent, OfferState> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'OfferCreated':
      case 'OfferUpdated':
        return { status: 'live', offer: event.data };
      case 'OfferDeleted':
        return { status: 'deleted' };
      case 'OfferPostbackKeyRotated':
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateOffer': {
        if (state.status !== 'none') throw new AppError(409, 'Offre déjà enregistrée');
        const fields = normalizeOffer(command.fields);
        return [{ type: 'OfferCreated', data: { offer_id: command.offerId, unique_id: command.uniqueId, ...fields } }];
      }
      case 'UpdateOffer': {
        if (state.status !== 'live') throw offerNotFound();
        const { offer_id, unique_id } = state.offer;
        const next: OfferDefinition = { offer_id, unique_id, ...normalizeOffer(command.fields) };
        return sameJson(next, state.offer) ? [] : [{ type: 'OfferUpdated', data: next }];
      }
      case 'DeleteOffer':
        if (state.status !== 'live') throw offerNotFound();
        return [{ type: 'OfferDeleted', data: { offer_id: state.offer.offer_id, unique_id: state.offer.unique_id } }];
      case 'RotatePostbackKey':
        if (state.status !== 'live') throw offerNotFound();
        return [{ type: 'OfferPostbackKeyRotated', data: { offer_id: state.offer.offer_id } }];
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${JSON.stringify(never)}`);
      }
    }
  },
};
