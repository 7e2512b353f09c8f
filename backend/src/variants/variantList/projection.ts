import type { RecordedEvent } from '../../eventstore/eventStore';
import { rowProjection } from '../../processing/processor';
import type { VariantEvent } from '../events';
import { paymentVariantsTable, type PaymentVariantRow } from './schema';

export const paymentVariantsProjection = rowProjection<PaymentVariantRow, RecordedEvent<VariantEvent['type']> & VariantEvent>({
  name: 'payment_variants',
  version: 2,
  table: paymentVariantsTable,
  columns: ['id', 'payment_type', 'name', 'base_amount_cents', 'is_evolutionary', 'tiers', 'created_at', 'deleted', 'revision'],
  handles: ['PaymentVariantCreated', 'PaymentVariantUpdated', 'PaymentVariantDeleted'],
  rowId: (event) => event.data.variant_id,
  evolve(row, event) {
    switch (event.type) {
      case 'PaymentVariantCreated':
      case 'PaymentVariantUpdated': {
        const { variant_id, ...fields } = event.data;
        return { id: variant_id, ...fields, created_at: row?.created_at ?? event.metadata.occurredAt, deleted: false, revision: event.revision };
      }
      case 'PaymentVariantDeleted':
        return row && { ...row, deleted: true, revision: event.revision };
    }
  },
});
