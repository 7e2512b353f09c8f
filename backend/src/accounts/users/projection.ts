import type { RecordedEvent } from '../../eventstore/eventStore';
import { rowProjection } from '../../processing/processor';
import { userIdOfStream, type AccountEvent } from '../events';
import { usersTable, type UserRow } from './schema';

/** SignedIn lives in the `signins-<id>` activity stream (identity/signIns.ts); it only moves last_connection. */
type UserEvent = (RecordedEvent<AccountEvent['type']> & AccountEvent) | (RecordedEvent<'SignedIn'> & { type: 'SignedIn'; data: Record<string, never> });

export const usersProjection = rowProjection<UserRow, UserEvent>({
  name: 'users',
  version: 2,
  table: usersTable,
  columns: [
    'id', 'unique_id', 'role', 'first_name', 'last_name', 'username', 'email', 'email_verified', 'contact_method', 'country',
    'is_frozen', 'payment_type', 'variant_id', 'manager_id', 'referred_by', 'referral_commission_tenths', 'created_at', 'last_connection', 'password_changed_at',
  ],
  handles: [
    'AdminAccountCreated', 'AuditorAccountCreated', 'AffiliateAccountOpened', 'PaymentSettingsChanged', 'ManagerAssigned', 'ReferrerAssigned',
    'ReferralCommissionRateChanged', 'ProfileUpdated', 'EmailChanged', 'EmailVerified', 'AccountFrozen', 'AccountUnfrozen', 'PasswordChanged', 'SignedIn',
  ],
  rowId: (event) => userIdOfStream(event.streamId),
  evolve(row, event) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'AdminAccountCreated':
        return { ...blankUser(event.data.user_id, at), role: 'admin', email: event.data.email, email_verified: true,
          first_name: event.data.first_name, last_name: event.data.last_name };
      case 'AuditorAccountCreated':
        return { ...blankUser(event.data.user_id, at), role: 'auditor', email: event.data.email, email_verified: true,
          first_name: event.data.first_name, last_name: event.data.last_name };
      case 'AffiliateAccountOpened': {
        const { user_id, unique_id, email, first_name, last_name, username, contact_method, country } = event.data;
        return { ...blankUser(user_id, at), role: 'affiliate', unique_id, email, first_name, last_name, username, contact_method, country };
      }
    }
    if (!row) return null;
    switch (event.type) {
      case 'PaymentSettingsChanged':
        return { ...row, payment_type: event.data.payment_type, variant_id: event.data.variant_id };
      case 'ManagerAssigned':
        return { ...row, manager_id: event.data.manager_id };
      case 'ReferrerAssigned':
        return { ...row, referred_by: event.data.referred_by };
      case 'ReferralCommissionRateChanged':
        return { ...row, referral_commission_tenths: event.data.referral_commission_tenths };
      case 'ProfileUpdated':
        return { ...row, ...event.data };
      case 'EmailChanged':
        return { ...row, email: event.data.email, email_verified: true };
      case 'EmailVerified':
        return { ...row, email_verified: true };
      case 'AccountFrozen':
        return { ...row, is_frozen: true };
      case 'AccountUnfrozen':
        return { ...row, is_frozen: false };
      case 'PasswordChanged':
        return { ...row, password_changed_at: at };
      case 'SignedIn':
        return { ...row, last_connection: at };
      default:
        return row;
    }
  },
});

function blankUser(id: string, createdAt: string): UserRow {
  return {
    id, unique_id: null, role: 'affiliate', first_name: '', last_name: '', username: null, email: '', email_verified: false,
    contact_method: null, country: null, is_frozen: false, payment_type: 'ppt', variant_id: null, manager_id: null,
    referred_by: null, referral_commission_tenths: 0, created_at: createdAt, last_connection: null, password_changed_at: null,
  };
}
