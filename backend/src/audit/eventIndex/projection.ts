import type { RecordedEvent } from '../../eventstore/eventStore';
import { loggedData } from '../../eventstore/personalData';
import { projection } from '../../processing/processor';
import { auditEventsTable, type AuditEventRow, type IndexedKind } from './schema';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const OWNED = new RegExp(`^(user|signins|ledger)-(${UUID})$`);
const WEEKLY = new RegExp(`^(earnings|payout)-(${UUID})-(\\d{4}-W\\d{2})$`);

/** Whose stream it is (the affiliate, or null for the rate streams), its week, and the kind of history it belongs to. */
export function streamOwner(streamId: string, type: string): { kind: IndexedKind; user_id: string | null; week: string | null } | null {
  const owned = OWNED.exec(streamId);
  if (owned) {
    const kind: IndexedKind = owned[1] === 'ledger' ? 'ledger' : type === 'PaymentSettingsChanged' || type === 'ReferralCommissionRateChanged' ? 'rate_settings' : 'account';
    return { kind, user_id: owned[2]!, week: null };
  }
  const weekly = WEEKLY.exec(streamId);
  if (weekly) return { kind: weekly[1] === 'earnings' ? 'earnings' : 'payout', user_id: weekly[2]!, week: weekly[3]! };
  if (streamId.startsWith('payment-variant-')) return { kind: 'variant', user_id: null, week: null };
  if (streamId === 'standard-rates') return { kind: 'standard_rate', user_id: null, week: null };
  return null;
}

export const INDEXED_TYPES = [
  // user-<id> and signins-<id>
  'AdminAccountCreated', 'AuditorAccountCreated', 'AffiliateAccountOpened', 'PaymentSettingsChanged', 'ManagerAssigned', 'ReferrerAssigned',
  'ReferralCommissionRateChanged', 'ProfileUpdated', 'EmailChanged', 'EmailVerified', 'PasswordChanged', 'AccountFrozen', 'AccountUnfrozen',
  'PaymentMethodChanged', 'PaymentMethodRemoved', 'SignedIn',
  // earnings-<id>-<week>
  'WeekEarningsRecorded', 'WeekClosed', 'WeekCorrected',
  // ledger-<id>
  'LedgerItemPosted', 'BalanceCarriedOver', 'ItemsSettled', 'ItemsReopened', 'BalanceWrittenOff', 'DormancyWarned',
  // payout-<id>-<week>
  'PayoutIssued', 'InvoiceIssued', 'PayoutPaid', 'PayoutFailed', 'CreditNoteIssued',
  // payment-variant-<id>, standard-rates
  'PaymentVariantCreated', 'PaymentVariantUpdated', 'PaymentVariantDeleted', 'StandardRateChanged',
] as const;

export function toIndexRow(event: RecordedEvent): AuditEventRow | null {
  const owner = streamOwner(event.streamId, event.type);
  if (!owner) return null;
  const m = event.metadata;
  return {
    stream_id: event.streamId, revision: event.revision, position_commit: event.position.commit.toString(), position_prepare: event.position.prepare.toString(),
    event_id: event.id, type: event.type, ...owner, occurred_at: m.occurredAt, actor_id: m.actorId, actor_role: m.actorRole,
    correlation_id: m.correlationId, causation_id: m.causationId, schema_version: m.schemaVersion, data: loggedData(event),
  };
}

/** The audit's index of events (see schema.ts). */
export const auditEventsProjection = projection({
  name: 'audit-events',
  version: 4,
  tables: [auditEventsTable],
  handles: INDEXED_TYPES,
  async apply(events, tx) {
    const rows = events.flatMap((e) => toIndexRow(e) ?? []);
    if (!rows.length) return;
    await tx.query(
      `INSERT INTO rm_audit_events SELECT * FROM json_populate_recordset(NULL::rm_audit_events, $1::json) ON CONFLICT (stream_id, revision) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  },
});
