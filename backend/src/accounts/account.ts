import { REFERRAL_CODE_MESSAGES, type PaymentMethodType, type PaymentType, type Role } from '@affilux/contract';
import { deterministicEventId, type Decider } from '../eventstore/commands';
import { AppError, badRequest } from '../http/errors';
import type { AccountEvent } from './events';

/**
 * The one decider of `user-<id>` streams. Identity (sign-in, email, password), account opening
 * after an approval, the default admin and the back office's settings all send it commands.
 */
export type Account =
  | { status: 'none' }
  | {
      status: 'open';
      role: Role;
      email: string;
      emailVerified: boolean;
      uniqueId: number | null;
      paymentType: PaymentType;
      variantId: string | null;
      managerId: string | null;
      referredBy: number | null;
      referralTenths: number;
      frozen: boolean;
      paymentMethod: PaymentMethodType | null;
    };

export type Profile = { first_name: string; last_name: string; username: string; contact_method: string; country: string };

export type OpenAffiliateAccount = {
  type: 'OpenAffiliateAccount';
  userId: string;
  applicationId: string;
  uniqueId: number;
  email: string;
  profile: Profile;
  paymentType: PaymentType;
  variantId: string | null;
  managerId: string | null;
  referredBy: number | null;
  referralTenths: number;
};

export type AccountCommand =
  | { type: 'CreateAdminAccount'; userId: string; email: string; firstName: string; lastName: string }
  | { type: 'CreateAuditorAccount'; userId: string; email: string; firstName: string; lastName: string }
  | OpenAffiliateAccount
  | { type: 'VerifyEmail' }
  | { type: 'ChangeEmail'; email: string }
  | { type: 'RecordPasswordChange'; reason: 'change' | 'reset' }
  | { type: 'UpdateProfile'; profile: Profile }
  | { type: 'ChangePaymentSettings'; paymentType: PaymentType; variantId: string | null }
  /** `onlyReplacing`: only if that is the current manager (a deleted manager's affiliates are released without touching a newer choice). */
  | { type: 'AssignManager'; managerId: string | null; onlyReplacing?: string }
  | { type: 'AssignReferrer'; referredBy: number | null }
  | { type: 'ChangeReferralCommissionRate'; tenths: number }
  | { type: 'FreezeAccount' }
  | { type: 'UnfreezeAccount' }
  /** The details are already in the `payment_methods` row that names `eventId` (accounts/paymentMethods.ts). */
  | { type: 'SetPaymentMethod'; methodType: PaymentMethodType; eventId: string }
  | { type: 'RemovePaymentMethod' };

export const EMAIL_ALREADY_VERIFIED = 'Email déjà vérifié';
export const SAME_EMAIL = "La nouvelle adresse email doit être différente de l'adresse actuelle";
export const NO_PAYMENT_METHOD = 'Aucun moyen de paiement enregistré';

type Open = Extract<Account, { status: 'open' }>;

const opened = (role: Role, email: string, emailVerified: boolean, uniqueId: number | null): Open => ({
  status: 'open', role, email, emailVerified, uniqueId, paymentType: 'ppt', variantId: null, managerId: null, referredBy: null, referralTenths: 0, frozen: false,
  paymentMethod: null,
});

function evolve(state: Account, event: AccountEvent): Account {
  switch (event.type) {
    case 'AdminAccountCreated':
      return opened('admin', event.data.email, true, null);
    case 'AuditorAccountCreated':
      // The invitation's link proves the address, as the sign-in of an admin does.
      return opened('auditor', event.data.email, true, null);
    case 'AffiliateAccountOpened':
      return opened('affiliate', event.data.email, false, event.data.unique_id);
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'PaymentSettingsChanged':
      return { ...state, paymentType: event.data.payment_type, variantId: event.data.variant_id };
    case 'ManagerAssigned':
      return { ...state, managerId: event.data.manager_id };
    case 'ReferrerAssigned':
      return { ...state, referredBy: event.data.referred_by };
    case 'ReferralCommissionRateChanged':
      return { ...state, referralTenths: event.data.referral_commission_tenths };
    case 'EmailChanged':
      return { ...state, email: event.data.email, emailVerified: true };
    case 'EmailVerified':
      return { ...state, emailVerified: true };
    case 'AccountFrozen':
      return { ...state, frozen: true };
    case 'AccountUnfrozen':
      return { ...state, frozen: false };
    case 'PaymentMethodChanged':
      return { ...state, paymentMethod: event.data.type };
    case 'PaymentMethodRemoved':
      return { ...state, paymentMethod: null };
    case 'ProfileUpdated':
    case 'PasswordChanged':
      return state;
  }
}

export const userNotFound = () => new AppError(404, 'User not found');

function requireOpen(state: Account): Open {
  if (state.status !== 'open') throw userNotFound();
  return state;
}

/** Settings only an affiliate has (rates, manager, referrer, freezing). */
function requireAffiliate(state: Account): Open {
  const account = requireOpen(state);
  if (account.role !== 'affiliate') throw userNotFound();
  return account;
}

function decide(command: AccountCommand, state: Account): AccountEvent[] {
  switch (command.type) {
    case 'CreateAdminAccount':
    case 'CreateAuditorAccount': {
      if (state.status === 'open') return [];
      const { userId, email, firstName, lastName } = command;
      const type = command.type === 'CreateAdminAccount' ? 'AdminAccountCreated' : 'AuditorAccountCreated';
      return [{ type, id: deterministicEventId(userId, type), data: { user_id: userId, email, first_name: firstName, last_name: lastName } }];
    }
    case 'OpenAffiliateAccount':
      // Opened by a reactor that may run again after a crash: the second time is a no-op.
      return state.status === 'open' ? [] : openingEvents(command);
    case 'VerifyEmail': {
      const account = requireOpen(state);
      if (account.emailVerified) throw badRequest(EMAIL_ALREADY_VERIFIED);
      return [{ type: 'EmailVerified', data: { email: account.email } }];
    }
    case 'ChangeEmail': {
      const account = requireOpen(state);
      if (command.email === account.email) throw badRequest(SAME_EMAIL, [{ field: 'email', msg: SAME_EMAIL }]);
      return [{ type: 'EmailChanged', data: { email: command.email, previous_email: account.email } }];
    }
    case 'RecordPasswordChange':
      requireOpen(state);
      return [{ type: 'PasswordChanged', data: { reason: command.reason } }];
    case 'UpdateProfile':
      requireOpen(state);
      return [{ type: 'ProfileUpdated', data: command.profile }];
    case 'ChangePaymentSettings': {
      const account = requireAffiliate(state);
      if (account.paymentType === command.paymentType && account.variantId === command.variantId) return [];
      return [{ type: 'PaymentSettingsChanged', data: { payment_type: command.paymentType, variant_id: command.variantId } }];
    }
    case 'AssignManager': {
      const account = requireAffiliate(state);
      if (command.onlyReplacing !== undefined && account.managerId !== command.onlyReplacing) return [];
      return account.managerId === command.managerId ? [] : [{ type: 'ManagerAssigned', data: { manager_id: command.managerId } }];
    }
    case 'AssignReferrer': {
      const account = requireAffiliate(state);
      if (command.referredBy !== null && command.referredBy === account.uniqueId) {
        throw badRequest(REFERRAL_CODE_MESSAGES.self, [{ field: 'referred_by', msg: REFERRAL_CODE_MESSAGES.self }]);
      }
      return account.referredBy === command.referredBy ? [] : [{ type: 'ReferrerAssigned', data: { referred_by: command.referredBy } }];
    }
    case 'ChangeReferralCommissionRate': {
      const account = requireAffiliate(state);
      return account.referralTenths === command.tenths ? [] : [{ type: 'ReferralCommissionRateChanged', data: { referral_commission_tenths: command.tenths } }];
    }
    case 'FreezeAccount':
      return requireAffiliate(state).frozen ? [] : [{ type: 'AccountFrozen', data: {} }];
    case 'UnfreezeAccount':
      return requireAffiliate(state).frozen ? [{ type: 'AccountUnfrozen', data: {} }] : [];
    case 'SetPaymentMethod':
      // Called only when the details differ from the stored ones, so a change of details within a type is recorded too.
      requireAffiliate(state);
      return [{ type: 'PaymentMethodChanged', id: command.eventId, data: { type: command.methodType } }];
    case 'RemovePaymentMethod':
      // The details' row is the store's (paymentMethods.ts): it answers 404 when there is none; a stream that already says removed records nothing more.
      return requireAffiliate(state).paymentMethod === null ? [] : [{ type: 'PaymentMethodRemoved', data: {} }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The opening of an approved affiliate's account, with ids derived from the application so it can only happen once. */
function openingEvents(command: OpenAffiliateAccount): AccountEvent[] {
  const id = (type: string) => deterministicEventId(command.applicationId, type);
  const events: AccountEvent[] = [
    {
      type: 'AffiliateAccountOpened',
      id: id('AffiliateAccountOpened'),
      data: { user_id: command.userId, application_id: command.applicationId, unique_id: command.uniqueId, email: command.email, ...command.profile },
    },
    { type: 'PaymentSettingsChanged', id: id('PaymentSettingsChanged'), data: { payment_type: command.paymentType, variant_id: command.variantId } },
  ];
  if (command.managerId) events.push({ type: 'ManagerAssigned', id: id('ManagerAssigned'), data: { manager_id: command.managerId } });
  if (command.referredBy !== null && command.referredBy !== command.uniqueId) {
    events.push({ type: 'ReferrerAssigned', id: id('ReferrerAssigned'), data: { referred_by: command.referredBy } });
  }
  if (command.referralTenths > 0) {
    events.push({ type: 'ReferralCommissionRateChanged', id: id('ReferralCommissionRateChanged'), data: { referral_commission_tenths: command.referralTenths } });
  }
  return events;
}

export const accountDecider: Decider<AccountCommand, AccountEvent, Account> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};
