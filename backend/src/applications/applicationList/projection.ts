import type { RecordedEvent } from '../../eventstore/eventStore';
import { rowProjection } from '../../processing/processor';
import { applicationIdOfStream, type ApplicationEvent } from '../events';
import { applicationsTable, type ApplicationRow } from './schema';

export const applicationsProjection = rowProjection<ApplicationRow, RecordedEvent<ApplicationEvent['type']> & ApplicationEvent>({
  name: 'applications',
  version: 1,
  table: applicationsTable,
  columns: [
    'id', 'first_name', 'last_name', 'username', 'email', 'country', 'contact_method', 'profile_type', 'experience_description',
    'traffic_sources', 'affiliate_niches', 'status', 'referred_by', 'created_at', 'processed_at',
  ],
  handles: ['ApplicationSubmitted', 'ApplicationReferrerChanged', 'ApplicationApproved', 'ApplicationRejected'],
  rowId: (event) => applicationIdOfStream(event.streamId),
  evolve(row, event) {
    if (event.type === 'ApplicationSubmitted') {
      const { application_id, terms_accepted: _accepted, ...details } = event.data;
      return { id: application_id, ...details, status: 'pending', created_at: event.metadata.occurredAt, processed_at: null };
    }
    if (!row) return null;
    switch (event.type) {
      case 'ApplicationReferrerChanged':
        return { ...row, referred_by: event.data.referred_by };
      case 'ApplicationApproved':
        return { ...row, status: 'approved', processed_at: event.metadata.occurredAt };
      case 'ApplicationRejected':
        return { ...row, status: 'rejected', processed_at: event.metadata.occurredAt };
    }
  },
});
