import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../../../../test/recorded';
import type { AccountEvent } from '../events';
import { usersProjection } from './projection';

const opened: AccountEvent = {
  type: 'AffiliateAccountOpened',
  data: { user_id: 'u1', application_id: 'u1', unique_id: 10001, email: 'camille@example.test', first_name: 'Camille', last_name: 'Martin', username: 'camille', contact_method: '@camille', country: 'France' },
};

describe('the users read model', () => {
  it('makes an affiliate row from the opening, with its settings as they change', () => {
    const row = fold(usersProjection, recorded('user-u1', [
      opened,
      { type: 'PaymentSettingsChanged', data: { payment_type: 'sale', variant_id: 'v1' } },
      { type: 'ManagerAssigned', data: { manager_id: 'm1' } },
      { type: 'ReferrerAssigned', data: { referred_by: 10042 } },
      { type: 'ReferralCommissionRateChanged', data: { referral_commission_tenths: 125 } },
      { type: 'EmailVerified', data: { email: 'camille@example.test' } },
      { type: 'AccountFrozen', data: {} },
    ] as AccountEvent[]));
    expect(row).toEqual({
      id: 'u1', unique_id: 10001, role: 'affiliate', first_name: 'Camille', last_name: 'Martin', username: 'camille', email: 'camille@example.test',
      email_verified: true, contact_method: '@camille', country: 'France', is_frozen: true, payment_type: 'sale', variant_id: 'v1', manager_id: 'm1',
      referred_by: 10042, referral_commission_tenths: 125, created_at: '2026-11-16T09:00:00.000Z', last_connection: null, password_changed_at: null,
    });
  });

  it('follows a profile update, an address change and an unfreeze', () => {
    const row = fold(usersProjection, recorded('user-u1', [
      opened,
      { type: 'ProfileUpdated', data: { first_name: 'Cam', last_name: 'Durand', username: 'cam-media', contact_method: '@cam', country: 'Belgium' } },
      { type: 'EmailChanged', data: { email: 'cam@new.example', previous_email: 'camille@example.test' } },
      { type: 'AccountFrozen', data: {} },
      { type: 'AccountUnfrozen', data: {} },
    ] as AccountEvent[]));
    expect(row).toMatchObject({ first_name: 'Cam', last_name: 'Durand', username: 'cam-media', country: 'Belgium', email: 'cam@new.example', email_verified: true, is_frozen: false });
  });

  it('takes the last connection from the sign-in log', () => {
    const [account] = recorded('user-u1', [opened]);
    const [signIn] = recorded('signins-u1', [{ type: 'SignedIn' as const, data: {} }], '2026-11-17T08:30:00.000Z');
    expect(fold(usersProjection, [account!, signIn!] as never[])).toMatchObject({ last_connection: '2026-11-17T08:30:00.000Z' });
  });

  it('makes an admin row, verified', () => {
    const row = fold(usersProjection, recorded('user-a1', [{ type: 'AdminAccountCreated', data: { user_id: 'a1', email: 'admin@x.test', first_name: 'Admin', last_name: 'Affilux' } }] as AccountEvent[]));
    expect(row).toMatchObject({ id: 'a1', role: 'admin', email_verified: true, unique_id: null });
  });

  it('ignores a settings event for an account it never saw opened', () => {
    expect(fold(usersProjection, recorded('user-u9', [{ type: 'AccountFrozen', data: {} }] as AccountEvent[]))).toBeNull();
  });
});

describe('the security section of the users read model', () => {
  it('keeps when the password last changed, by change or by reset', () => {
    const [account] = recorded('user-u1', [opened]);
    const [change] = recorded('user-u1', [{ type: 'PasswordChanged', data: { reason: 'change' } }] as AccountEvent[], '2026-11-18T10:00:00.000Z');
    const [reset] = recorded('user-u1', [{ type: 'PasswordChanged', data: { reason: 'reset' } }] as AccountEvent[], '2026-11-20T07:15:00.000Z');
    expect(fold(usersProjection, [account!])).toMatchObject({ password_changed_at: null });
    expect(fold(usersProjection, [account!, change!])).toMatchObject({ password_changed_at: '2026-11-18T10:00:00.000Z' });
    expect(fold(usersProjection, [account!, change!, reset!])).toMatchObject({ password_changed_at: '2026-11-20T07:15:00.000Z' });
  });
});
