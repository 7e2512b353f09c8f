import { describe, it } from 'vitest';
import { deciderSpec } from '../../../test/deciderSpec';
import type { OfferDefinition, OfferEvent } from './events';
import { offerDecider, type OfferFields } from './offer';
import { trackersDecider } from './trackers';

const template = {
  id: 7, template_image: 'a'.repeat(32) + '.png', template_link: 'https://brand.example/lp', template_link_ppt: '', template_link_sale: '',
  is_modular: true, modulation_keys: [{ key: 'lang', description: 'Langue' }],
};
const fields: OfferFields = {
  brand_name: 'LoveMatch', category: 'Dating', status: 'active', is_private: false, private_affiliate_ids: [], brand_image: null,
  script_code_ppt: '', script_code_sale: '', intake: 'import', templates: [template],
};
const created = (overrides: Partial<OfferDefinition> = {}): OfferEvent => ({
  type: 'OfferCreated',
  data: { offer_id: 'o1', unique_id: 1, ...fields, templates: [{ ...template, id: 1 }], ...overrides },
});
const spec = deciderSpec(offerDecider);

describe('creating an offer', () => {
  it('records it with its 5-digit id and its templates numbered from 1', () => {
    spec.given().when({ type: 'CreateOffer', offerId: 'o1', uniqueId: 1, fields }).then([created()]);
  });

  it('keeps a private offer reserved for its affiliates, once each and in order', () => {
    spec.given()
      .when({ type: 'CreateOffer', offerId: 'o1', uniqueId: 1, fields: { ...fields, is_private: true, private_affiliate_ids: [10002, 10001, 10002] } })
      .then([created({ is_private: true, private_affiliate_ids: [10001, 10002] })]);
  });

  it('refuses a private offer without affiliates', () => {
    spec.given()
      .when({ type: 'CreateOffer', offerId: 'o1', uniqueId: 1, fields: { ...fields, is_private: true, private_affiliate_ids: [] } })
      .thenThrows(400, 'Veuillez entrer au moins un ID affilié valide pour une offre privée');
  });

  it('forgets the affiliate list of a public offer and the keys of a template that is not modular', () => {
    spec.given()
      .when({ type: 'CreateOffer', offerId: 'o1', uniqueId: 1, fields: { ...fields, private_affiliate_ids: [10001], templates: [{ ...template, is_modular: false }] } })
      .then([created({ templates: [{ ...template, id: 1, is_modular: false, modulation_keys: [] }] })]);
  });

  it('refuses to create the same offer twice', () => {
    spec.given(created()).when({ type: 'CreateOffer', offerId: 'o1', uniqueId: 2, fields }).thenThrows(409, 'Offre déjà enregistrée');
  });
});

describe('updating, deleting and rotating the postback key', () => {
  it('records the new definition, keeping the id and the 5-digit id', () => {
    spec.given(created()).when({ type: 'UpdateOffer', fields: { ...fields, status: 'inactive' } })
      .then([{ type: 'OfferUpdated', data: { ...created().data, status: 'inactive' } as OfferDefinition }]);
  });

  it('records nothing when nothing changed', () => {
    spec.given(created()).when({ type: 'UpdateOffer', fields }).then([]);
  });

  it('switching a private offer to public clears its affiliate list', () => {
    const privateOffer = created({ is_private: true, private_affiliate_ids: [10001] });
    spec.given(privateOffer).when({ type: 'UpdateOffer', fields: { ...fields, is_private: false, private_affiliate_ids: [10001] } })
      .then([{ type: 'OfferUpdated', data: { ...created().data, is_private: false, private_affiliate_ids: [] } as OfferDefinition }]);
  });

  it('deletes a live offer once; a deleted or unknown offer is not found', () => {
    spec.given(created()).when({ type: 'DeleteOffer' }).then([{ type: 'OfferDeleted', data: { offer_id: 'o1', unique_id: 1 } }]);
    spec.given(created(), { type: 'OfferDeleted', data: { offer_id: 'o1', unique_id: 1 } }).when({ type: 'DeleteOffer' }).thenThrows(404, 'Offre introuvable');
    spec.given().when({ type: 'UpdateOffer', fields }).thenThrows(404, 'Offre introuvable');
    spec.given().when({ type: 'RotatePostbackKey' }).thenThrows(404, 'Offre introuvable');
  });

  it('records that the postback key was rotated, without the key', () => {
    spec.given(created()).when({ type: 'RotatePostbackKey' }).then([{ type: 'OfferPostbackKeyRotated', data: { offer_id: 'o1' } }]);
  });
});

describe("an affiliate's trackers", () => {
  const set = { type: 'SetTrackers' as const, userId: 'u1', offerId: 'o1', tracker1: 'fb', tracker2: 'camp1' };
  const trackersSet = { type: 'OfferTrackersSet' as const, data: { user_id: 'u1', offer_id: 'o1', tracker1: 'fb', tracker2: 'camp1' } };
  it('records new trackers, and nothing when they are the same', () => {
    deciderSpec(trackersDecider).given().when(set).then([trackersSet]);
    deciderSpec(trackersDecider).given(trackersSet).when(set).then([]);
  });
  it('refuses anything but letters and digits, 10 at most', () => {
    deciderSpec(trackersDecider).given().when({ ...set, tracker1: 'fb-1' }).thenThrows(400, 'Les trackers ne contiennent que des lettres et des chiffres (10 au plus)');
    deciderSpec(trackersDecider).given().when({ ...set, tracker2: 'a'.repeat(11) }).thenThrows(400, 'Les trackers ne contiennent que des lettres et des chiffres (10 au plus)');
  });
});
