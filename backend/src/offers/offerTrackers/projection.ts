import { deterministicEventId } from '../../eventstore/commands';
import type { RecordedEvent } from '../../eventstore/eventStore';
import { rowProjection } from '../../processing/processor';
import type { TrackersEvent } from '../events';
import { offerTrackersTable, type OfferTrackersRow } from './schema';

/** One row per affiliate and offer, keyed by a uuid made of both. */
export const trackersRowId = (userId: string, offerId: string) => deterministicEventId('offer-trackers', userId, offerId);

export const offerTrackersProjection = rowProjection<OfferTrackersRow, RecordedEvent<TrackersEvent['type']> & TrackersEvent>({
  name: 'offer_trackers',
  version: 1,
  table: offerTrackersTable,
  columns: ['id', 'user_id', 'offer_id', 'tracker1', 'tracker2', 'updated_at'],
  handles: ['OfferTrackersSet'],
  rowId: (event) => trackersRowId(event.data.user_id, event.data.offer_id),
  evolve: (_row, event) => ({ id: trackersRowId(event.data.user_id, event.data.offer_id), ...event.data, updated_at: event.metadata.occurredAt }),
});
