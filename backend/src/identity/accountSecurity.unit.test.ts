import { describe, expect, it } from 'vitest';
import { accountDecider } from '../accounts/account';
import type { AccountEvent } from '../accounts/events';
import { AppError } from '../http/errors';
import { decideAccountSecurity, type AccountSecurityCommand } from './accountSecurity';

const opened: AccountEvent = {
  type: 'AffiliateAccountOpened',
  data: {
    user_id: 'u1', application_id: 'u1', unique_id: 10001, email: 'camille@example.test', first_name: 'Camille', last_name: 'Martin',
    username: 'camille', contact_method: '@camille', country: 'France',
  },
};
const verified: AccountEvent = { type: 'EmailVerified', data: { email: 'camille@example.test' } };

function given(...history: AccountEvent[]) {
  const state = history.reduce(accountDecider.evolve, accountDecider.initialState());
  return {
    when: (command: AccountSecurityCommand) => ({
      then: (expected: AccountEvent[]) => expect(decideAccountSecurity(state, command)).toEqual(expected),
      thenThrows: (status: number, message: string) => {
        let refusal: unknown;
        try {
          decideAccountSecurity(state, command);
        } catch (error) {
          refusal = error;
        }
        expect(refusal).toBeInstanceOf(AppError);
        expect(refusal).toMatchObject({ status, message });
      },
    }),
  };
}

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
