import type { RecordedEvent } from '../../eventstore/eventStore';
import { rowProjection } from '../../processing/processor';
import type { StandardRateEvent } from '../events';
import { standardRatesTable, type StandardRateRow } from './schema';

export const standardRatesProjection = rowProjection<StandardRateRow, RecordedEvent<StandardRateEvent['type']> & StandardRateEvent>({
  name: 'standard_rates',
  version: 2,
  table: standardRatesTable,
  columns: ['id', 'payment_type', 'amount_cents', 'effective_at', 'changed_by', 'revision'],
  handles: ['StandardRateChanged'],
  rowId: (event) => event.id,
  evolve: (_row, event) => ({
    id: event.id,
    payment_type: event.data.payment_type,
    amount_cents: event.data.amount_cents,
    effective_at: event.metadata.occurredAt,
    changed_by: event.metadata.actorId,
    revision: event.revision,
  }),
});
