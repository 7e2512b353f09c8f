import type { RecordedEvent } from '../../eventstore/eventStore';
import { projection } from '../../processing/processor';
import type { VariantEvent } from '../events';
import { variantVersionsTable } from './schema';

type Definition = RecordedEvent & Extract<VariantEvent, { type: 'PaymentVariantCreated' | 'PaymentVariantUpdated' }>;

export const variantVersionsProjection = projection({
  name: 'payment_variant_versions',
  version: 1,
  tables: [variantVersionsTable],
  handles: ['PaymentVariantCreated', 'PaymentVariantUpdated'],
  async apply(events, tx) {
    for (const event of events as Definition[]) {
      const { variant_id, payment_type, name, base_amount_cents, is_evolutionary, tiers } = event.data;
      await tx.query(
        `INSERT INTO rm_payment_variant_versions (variant_id, version, effective_at, payment_type, name, base_amount_cents, is_evolutionary, tiers)
         SELECT $1, coalesce(max(version), 0) + 1, $2, $3, $4, $5, $6, $7 FROM rm_payment_variant_versions WHERE variant_id = $1`,
        [variant_id, event.metadata.occurredAt, payment_type, name, base_amount_cents, is_evolutionary, JSON.stringify(tiers)],
      );
    }
  },
});
