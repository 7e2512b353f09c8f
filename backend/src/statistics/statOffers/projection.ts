import type { RecordedEvent } from '../../eventstore/eventStore';
import type { OfferEvent } from '../../offers/events';
import { rowProjection } from '../../processing/processor';
import { statOffersTable, type StatOfferRow } from './schema';

/** An offer's id and name as the statistics show them; a deleted offer keeps its last name. */
export const statOffersProjection = rowProjection<StatOfferRow, RecordedEvent<OfferEvent['type']> & OfferEvent>({
  name: 'stat_offers',
  version: 1,
  table: statOffersTable,
  columns: ['id', 'unique_id', 'brand_name', 'deleted'],
  handles: ['OfferCreated', 'OfferUpdated', 'OfferDeleted'],
  rowId: (event) => event.data.offer_id,
  evolve(row, event) {
    switch (event.type) {
      case 'OfferCreated':
      case 'OfferUpdated':
        return { id: event.data.offer_id, unique_id: event.data.unique_id, brand_name: event.data.brand_name, deleted: false };
      case 'OfferDeleted':
        return row ? { ...row, deleted: true } : null;
      default:
        return row;
    }
  },
});
