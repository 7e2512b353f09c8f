import type { AccountEvent } from '../../accounts/events';
import { userIdOfStream } from '../../accounts/events';
import type { RecordedEvent } from '../../eventstore/eventStore';
import { rowProjection } from '../../processing/processor';
import { dayOf } from '../../time/calendar';
import { emailVerificationsTable, type EmailVerificationRow } from './schema';

type Verified = RecordedEvent<'EmailVerified'> & Extract<AccountEvent, { type: 'EmailVerified' }>;

/** The first day an account verified its email (a later verification, after a change of address, does not count again). */
export const emailVerificationsProjection = rowProjection<EmailVerificationRow, Verified>({
  name: 'email_verifications',
  version: 1,
  table: emailVerificationsTable,
  columns: ['id', 'day'],
  handles: ['EmailVerified'],
  rowId: (event) => userIdOfStream(event.streamId),
  evolve: (row, event) => row ?? { id: userIdOfStream(event.streamId), day: dayOf(new Date(event.metadata.occurredAt)) },
});
