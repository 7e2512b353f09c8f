import { requireOpenAccount, type Account } from '../accounts/account';
import type { AccountEvent } from '../accounts/events';
import { badRequest } from '../http/errors';

export type Profile = { first_name: string; last_name: string; username: string; contact_method: string; country: string };

/** Commands on a user's own account. The secrets they follow (codes, tokens, hashes) stay out of them. */
export type VerifyEmail = { type: 'VerifyEmail' };
export type ChangeEmail = { type: 'ChangeEmail'; email: string };
export type RecordPasswordChange = { type: 'RecordPasswordChange'; reason: 'change' | 'reset' };
export type UpdateProfile = { type: 'UpdateProfile'; profile: Profile };
export type AccountSecurityCommand = VerifyEmail | ChangeEmail | RecordPasswordChange | UpdateProfile;

export const EMAIL_ALREADY_VERIFIED = 'Email déjà vérifié';
export const SAME_EMAIL = "La nouvelle adresse email doit être différente de l'adresse actuelle";

export function decideAccountSecurity(state: Account, command: AccountSecurityCommand): AccountEvent[] {
  const account = requireOpenAccount(state);
  switch (command.type) {
    case 'VerifyEmail':
      if (account.emailVerified) throw badRequest(EMAIL_ALREADY_VERIFIED);
      return [{ type: 'EmailVerified', data: { email: account.email } }];
    case 'ChangeEmail':
      if (command.email === account.email) throw badRequest(SAME_EMAIL, [{ field: 'email', msg: SAME_EMAIL }]);
      return [{ type: 'EmailChanged', data: { email: command.email, previous_email: account.email } }];
    case 'RecordPasswordChange':
      return [{ type: 'PasswordChanged', data: { reason: command.reason } }];
    case 'UpdateProfile':
      return [{ type: 'ProfileUpdated', data: command.profile }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
