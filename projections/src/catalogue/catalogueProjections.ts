import type { CatalogueEvent } from '../../../backend/src/catalogue/events';
import type { RecordedEvent } from '../../../backend/src/eventstore/eventStore';
import { rowProjection } from '../projection';

type Catalogue = RecordedEvent<CatalogueEvent['type']> & CatalogueEvent;

type ManagerRow = { id: string; nom: string; telegram: string | null; mail: string | null; created_at: string; deleted: boolean };

export const managersProjection = rowProjection<ManagerRow, Catalogue>({
  name: 'managers',
  version: 1,
  table: 'rm_managers',
  columns: ['id', 'nom', 'telegram', 'mail', 'created_at', 'deleted'],
  handles: ['ManagerCreated', 'ManagerUpdated', 'ManagerDeleted'],
  rowId: (event) => ('manager_id' in event.data ? event.data.manager_id : ''),
  evolve(row, event) {
    switch (event.type) {
      case 'ManagerCreated': {
        const { manager_id, ...fields } = event.data;
        return { id: manager_id, ...fields, created_at: event.metadata.occurredAt, deleted: false };
      }
      case 'ManagerUpdated': {
        const { manager_id: _id, ...fields } = event.data;
        return row && { ...row, ...fields };
      }
      case 'ManagerDeleted':
        // Kept, flagged: affiliates' history still names the manager they had.
        return row && { ...row, deleted: true };
      default:
        return row;
    }
  },
});

type PaymentVariantRow = {
  id: string;
  payment_type: 'ppt' | 'sale';
  name: string;
  base_amount_cents: number;
  is_evolutionary: boolean;
  tiers: unknown;
  created_at: string;
  deleted: boolean;
};

export const paymentVariantsProjection = rowProjection<PaymentVariantRow, Catalogue>({
  name: 'payment_variants',
  version: 1,
  table: 'rm_payment_variants',
  columns: ['id', 'payment_type', 'name', 'base_amount_cents', 'is_evolutionary', 'tiers', 'created_at', 'deleted'],
  handles: ['PaymentVariantCreated', 'PaymentVariantUpdated', 'PaymentVariantDeleted'],
  rowId: (event) => ('variant_id' in event.data ? event.data.variant_id : ''),
  evolve(row, event) {
    switch (event.type) {
      case 'PaymentVariantCreated':
      case 'PaymentVariantUpdated': {
        const { variant_id, ...fields } = event.data;
        return { id: variant_id, ...fields, created_at: row?.created_at ?? event.metadata.occurredAt, deleted: false };
      }
      case 'PaymentVariantDeleted':
        return row && { ...row, deleted: true };
      default:
        return row;
    }
  },
});
