import { AppError } from '../http/errors';
import type { AccountEvent, PaymentType } from './events';

export type Account =
  | { status: 'none' }
  | {
      status: 'open';
      role: 'admin' | 'affiliate';
      email: string;
      emailVerified: boolean;
      uniqueId: number | null;
      paymentType: PaymentType;
    };

export const initialAccount = (): Account => ({ status: 'none' });

export function evolveAccount(state: Account, event: AccountEvent): Account {
  switch (event.type) {
    case 'AdminAccountCreated':
      return { status: 'open', role: 'admin', email: event.data.email, emailVerified: true, uniqueId: null, paymentType: 'ppt' };
    case 'AffiliateAccountOpened':
      return { status: 'open', role: 'affiliate', email: event.data.email, emailVerified: false, uniqueId: event.data.unique_id, paymentType: 'ppt' };
    default:
      if (state.status === 'none') return state;
      switch (event.type) {
        case 'PaymentSettingsChanged':
          return { ...state, paymentType: event.data.payment_type };
        case 'EmailChanged':
          return { ...state, email: event.data.email, emailVerified: true };
        case 'EmailVerified':
          return { ...state, emailVerified: true };
        default:
          return state;
      }
  }
}

export const accountDecider = { initialState: initialAccount, evolve: evolveAccount };

export function requireOpenAccount(state: Account): Extract<Account, { status: 'open' }> {
  if (state.status !== 'open') throw new AppError(404, 'User not found');
  return state;
}
