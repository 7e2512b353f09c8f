import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../test/deciderSpec';
import { accountDecider } from './account';
import type { AccountEvent } from './events';

const opened: AccountEvent = {
  type: 'AffiliateAccountOpened',
  data: {
    user_id: 'u1', application_id: 'u1', unique_id: 10001, email: 'camille@example.test', first_name: 'Camille', last_name: 'Martin',
    username: 'camille', contact_method: '@camille', country: 'France',
  },
};
const verified: AccountEvent = { type: 'EmailVerified', data: { email: 'camille@example.test' } };
const { given } = deciderSpec(accountDecider);

describe('account security decisions', () => {
  it('verifies the email of an unverified account, naming the verified address', () => {
    given(opened).when({ type: 'VerifyEmail' }).then([{ type: 'EmailVerified', data: { email: 'camille@example.test' } }]);
  });

  it("refuses to verify an address twice with 'Email déjà vérifié'", () => {
    given(opened, verified).when({ type: 'VerifyEmail' }).thenThrows(400, 'Email déjà vérifié');
  });

  it('changes the email, recording the previous one', () => {
    given(opened, verified)
      .when({ type: 'ChangeEmail', email: 'camille@new.example' })
      .then([{ type: 'EmailChanged', data: { email: 'camille@new.example', previous_email: 'camille@example.test' } }]);
  });

  it('refuses a change to the current address', () => {
    given(opened, verified)
      .when({ type: 'ChangeEmail', email: 'camille@example.test' })
      .thenThrows(400, "La nouvelle adresse email doit être différente de l'adresse actuelle");
  });

  it('compares a later change with the address the account moved to', () => {
    const moved: AccountEvent = { type: 'EmailChanged', data: { email: 'camille@new.example', previous_email: 'camille@example.test' } };
    given(opened, verified, moved)
      .when({ type: 'ChangeEmail', email: 'camille@example.test' })
      .then([{ type: 'EmailChanged', data: { email: 'camille@example.test', previous_email: 'camille@new.example' } }]);
  });

  it('records a password change with its reason only', () => {
    given(opened, verified).when({ type: 'RecordPasswordChange', reason: 'reset' }).then([{ type: 'PasswordChanged', data: { reason: 'reset' } }]);
  });

  it('records the new profile', () => {
    const profile = { first_name: 'Camille', last_name: 'Durand', username: 'camille-media', contact_method: '@cam', country: 'Belgium' };
    given(opened, verified).when({ type: 'UpdateProfile', profile }).then([{ type: 'ProfileUpdated', data: profile }]);
  });

  it("refuses anything on an account that was never opened with 'User not found'", () => {
    given().when({ type: 'RecordPasswordChange', reason: 'change' }).thenThrows(404, 'User not found');
  });
});

describe('account opening and the default admin', () => {
  const opening = {
    type: 'OpenAffiliateAccount' as const, userId: 'u1', applicationId: 'a1', uniqueId: 10001, email: 'camille@example.test',
    profile: { first_name: 'Camille', last_name: 'Martin', username: 'camille', contact_method: '@camille', country: 'France' },
    paymentType: 'sale' as const, variantId: 'v1', managerId: 'm1', referredBy: 10042, referralTenths: 25,
  };

  it('opens an approved affiliate with its terms, every event with an id derived from the application', () => {
    const events = accountDecider.decide(opening, accountDecider.initialState());
    expect(events.map((e) => e.type)).toEqual(['AffiliateAccountOpened', 'PaymentSettingsChanged', 'ManagerAssigned', 'ReferrerAssigned', 'ReferralCommissionRateChanged']);
    expect(events.map((e) => e.data)).toEqual([
      { user_id: 'u1', application_id: 'a1', unique_id: 10001, email: 'camille@example.test', ...opening.profile },
      { payment_type: 'sale', variant_id: 'v1' },
      { manager_id: 'm1' },
      { referred_by: 10042 },
      { referral_commission_tenths: 25 },
    ]);
    expect(accountDecider.decide(opening, accountDecider.initialState())).toEqual(events);
    expect(new Set(events.map((e) => e.id)).size).toBe(5);
  });

  it('opens nothing the second time (a reactor running again after a crash)', () => {
    given(opened).when(opening).then([]);
  });

  it('leaves out a manager, referrer and commission the approval did not set', () => {
    const events = accountDecider.decide({ ...opening, managerId: null, referredBy: null, referralTenths: 0 }, accountDecider.initialState());
    expect(events.map((e) => e.type)).toEqual(['AffiliateAccountOpened', 'PaymentSettingsChanged']);
  });

  it('creates the default admin once', () => {
    const create = { type: 'CreateAdminAccount' as const, userId: 'a', email: 'admin@x.test', firstName: 'Admin', lastName: 'Affilux' };
    const [created] = accountDecider.decide(create, accountDecider.initialState());
    expect(created).toMatchObject({ type: 'AdminAccountCreated', data: { user_id: 'a', email: 'admin@x.test', first_name: 'Admin', last_name: 'Affilux' } });
    given(created!).when(create).then([]);
  });
});

describe("an affiliate's settings", () => {
  it('changes the payment type and variant, and records nothing when they are the same', () => {
    given(opened).when({ type: 'ChangePaymentSettings', paymentType: 'sale', variantId: 'v2' }).then([{ type: 'PaymentSettingsChanged', data: { payment_type: 'sale', variant_id: 'v2' } }]);
    given(opened, { type: 'PaymentSettingsChanged', data: { payment_type: 'sale', variant_id: 'v2' } })
      .when({ type: 'ChangePaymentSettings', paymentType: 'sale', variantId: 'v2' })
      .then([]);
  });

  it('assigns and removes a manager', () => {
    given(opened).when({ type: 'AssignManager', managerId: 'm1' }).then([{ type: 'ManagerAssigned', data: { manager_id: 'm1' } }]);
    given(opened, { type: 'ManagerAssigned', data: { manager_id: 'm1' } }).when({ type: 'AssignManager', managerId: null }).then([{ type: 'ManagerAssigned', data: { manager_id: null } }]);
  });

  it("releases a deleted manager's affiliate only while that manager is still its own, once", () => {
    const release = { type: 'AssignManager', managerId: null, onlyReplacing: 'm1' } as const;
    given(opened, { type: 'ManagerAssigned', data: { manager_id: 'm1' } }).when(release).then([{ type: 'ManagerAssigned', data: { manager_id: null } }]);
    given(opened, { type: 'ManagerAssigned', data: { manager_id: 'm1' } }, { type: 'ManagerAssigned', data: { manager_id: null } }).when(release).then([]);
    given(opened, { type: 'ManagerAssigned', data: { manager_id: 'm2' } }).when(release).then([]);
  });

  it("refuses a referrer that is the affiliate itself with the spec's message", () => {
    given(opened).when({ type: 'AssignReferrer', referredBy: 10001 }).thenThrows(400, 'Un utilisateur ne peut pas se parrainer lui-même');
    given(opened).when({ type: 'AssignReferrer', referredBy: 10002 }).then([{ type: 'ReferrerAssigned', data: { referred_by: 10002 } }]);
  });

  it('keeps the commission rate in tenths of a percent', () => {
    given(opened).when({ type: 'ChangeReferralCommissionRate', tenths: 125 }).then([{ type: 'ReferralCommissionRateChanged', data: { referral_commission_tenths: 125 } }]);
    given(opened, { type: 'ReferralCommissionRateChanged', data: { referral_commission_tenths: 125 } }).when({ type: 'ChangeReferralCommissionRate', tenths: 125 }).then([]);
  });

  it('freezes and unfreezes, each only once', () => {
    given(opened).when({ type: 'FreezeAccount' }).then([{ type: 'AccountFrozen', data: {} }]);
    given(opened, { type: 'AccountFrozen', data: {} }).when({ type: 'FreezeAccount' }).then([]);
    given(opened, { type: 'AccountFrozen', data: {} }).when({ type: 'UnfreezeAccount' }).then([{ type: 'AccountUnfrozen', data: {} }]);
    given(opened).when({ type: 'UnfreezeAccount' }).then([]);
  });

  it("refuses an affiliate's settings on an admin account with 'User not found'", () => {
    given({ type: 'AdminAccountCreated', data: { user_id: 'a', email: 'admin@x.test', first_name: 'A', last_name: 'B' } })
      .when({ type: 'FreezeAccount' })
      .thenThrows(404, 'User not found');
  });
});

describe("an affiliate's payment method", () => {
  const changed = (type: 'crypto' | 'bank', id: string): AccountEvent => ({ type: 'PaymentMethodChanged', id, data: { type } });

  it('records that the method changed and its type only, under the id its stored row names', () => {
    given(opened).when({ type: 'SetPaymentMethod', methodType: 'crypto', eventId: 'e1' }).then([changed('crypto', 'e1')]);
  });

  it('records a new change of details within the same type (the store calls only when they differ)', () => {
    given(opened, changed('bank', 'e1')).when({ type: 'SetPaymentMethod', methodType: 'bank', eventId: 'e2' }).then([changed('bank', 'e2')]);
  });

  it('records the removal of a method, and nothing when the stream already says there is none', () => {
    given(opened, changed('crypto', 'e1')).when({ type: 'RemovePaymentMethod' }).then([{ type: 'PaymentMethodRemoved', data: {} }]);
    given(opened, changed('crypto', 'e1'), { type: 'PaymentMethodRemoved', data: {} }).when({ type: 'RemovePaymentMethod' }).then([]);
    given(opened).when({ type: 'RemovePaymentMethod' }).then([]);
  });

  it("refuses a payment method on an admin account or an unknown user with 'User not found'", () => {
    given({ type: 'AdminAccountCreated', data: { user_id: 'a', email: 'admin@x.test', first_name: 'A', last_name: 'B' } })
      .when({ type: 'SetPaymentMethod', methodType: 'crypto', eventId: 'e1' })
      .thenThrows(404, 'User not found');
    given().when({ type: 'RemovePaymentMethod' }).thenThrows(404, 'User not found');
  });
});

describe("an affiliate's other back-office settings", () => {
  it('changes the payment type back to standard (no variant)', () => {
    given(opened, { type: 'PaymentSettingsChanged', data: { payment_type: 'sale', variant_id: 'v2' } })
      .when({ type: 'ChangePaymentSettings', paymentType: 'sale', variantId: null })
      .then([{ type: 'PaymentSettingsChanged', data: { payment_type: 'sale', variant_id: null } }]);
  });

  it('removes a referrer, and records nothing when there is none to remove', () => {
    given(opened, { type: 'ReferrerAssigned', data: { referred_by: 10002 } }).when({ type: 'AssignReferrer', referredBy: null }).then([{ type: 'ReferrerAssigned', data: { referred_by: null } }]);
    given(opened).when({ type: 'AssignReferrer', referredBy: null }).then([]);
  });

  it("refuses settings on an account that was never opened with 'User not found'", () => {
    for (const command of [
      { type: 'ChangePaymentSettings' as const, paymentType: 'ppt' as const, variantId: null },
      { type: 'AssignManager' as const, managerId: 'm1' },
      { type: 'AssignReferrer' as const, referredBy: 10002 },
      { type: 'ChangeReferralCommissionRate' as const, tenths: 10 },
      { type: 'UnfreezeAccount' as const },
    ]) {
      given().when(command).thenThrows(404, 'User not found');
    }
  });
});
