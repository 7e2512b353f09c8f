import type { RecordedEvent } from '../../eventstore/eventStore';
import { rowProjection } from '../../processing/processor';
import type { OfferEvent } from '../events';
import { offersTable, type OfferRow } from './schema';

export const offersProjection = rowProjection<OfferRow, RecordedEvent<OfferEvent['type']> & OfferEvent>({
  name: 'offers',
  version: 2,
  table: offersTable,
  columns: ['id', 'unique_id', 'brand_name', 'category', 'status', 'is_private', 'private_affiliate_ids', 'brand_image', 'script_code_ppt', 'script_code_sale', 'intake', 'templates', 'created_at', 'updated_at', 'revision'],
  handles: ['OfferCreated', 'OfferUpdated', 'OfferDeleted', 'OfferPostbackKeyRotated'],
  rowId: (event) => event.data.offer_id,
  evolve(row, event) {
    switch (event.type) {
      case 'OfferCreated':
      case 'OfferUpdated': {
        const { offer_id, ...fields } = event.data;
        return { id: offer_id, ...fields, created_at: row?.created_at ?? event.metadata.occurredAt, updated_at: event.metadata.occurredAt, revision: event.revision };
      }
      case 'OfferDeleted':
        return null;
      // The key itself is kept apart (postbackKeys.ts); the revision tells an open form the offer moved.
      case 'OfferPostbackKeyRotated':
        return row && { ...row, revision: event.revision };
    }
  },
});
