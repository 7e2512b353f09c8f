import { REFERRAL_CODE_MESSAGES, type PaymentType } from '@affilux/contract';
import type { Decider } from '../eventstore/commands';
import { AppError } from '../http/errors';
import type { ApplicationDetails, ApplicationEvent, ApprovalTerms } from './events';

/** The one decider of `application-<id>` streams. */
export type Application =
  | { status: 'none' }
  | { status: 'pending' | 'rejected'; id: string; details: ApplicationDetails }
  | { status: 'approved'; id: string; details: ApplicationDetails; terms: ApprovalTerms };

export type ApplicationCommand =
  | { type: 'SubmitApplication'; applicationId: string; details: ApplicationDetails }
  | { type: 'ApproveApplication'; managerId: string | null; paymentType: PaymentType; variantId: string | null; referralTenths: number }
  /** `addressTaken`: an account holds the applicant's address (see ApplicationRejected). */
  | { type: 'RejectApplication'; addressTaken: boolean }
  /** `applicantUniqueId`: the affiliate id of the account an approval opened, if any (nobody refers themselves). */
  | { type: 'ChangeApplicationReferrer'; referredBy: number | null; applicantUniqueId: number | null };

export const APPLICATION_NOT_PENDING = () => AppError.coded(404, 'application_not_pending');
export const APPLICATION_NOT_FOUND = () => AppError.coded(404, 'application_not_found');

function evolve(state: Application, event: ApplicationEvent): Application {
  if (event.type === 'ApplicationSubmitted') {
    const { application_id, ...details } = event.data;
    return { status: 'pending', id: application_id, details };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ApplicationReferrerChanged':
      return { ...state, details: { ...state.details, referred_by: event.data.referred_by } };
    case 'ApplicationApproved':
      return { status: 'approved', id: state.id, details: state.details, terms: event.data };
    case 'ApplicationRejected':
      return { status: 'rejected', id: state.id, details: state.details };
  }
}

function decide(command: ApplicationCommand, state: Application): ApplicationEvent[] {
  switch (command.type) {
    case 'SubmitApplication':
      if (state.status !== 'none') throw new AppError(409, 'Application already submitted');
      return [{ type: 'ApplicationSubmitted', data: { application_id: command.applicationId, ...command.details } }];
    case 'ApproveApplication':
      if (state.status !== 'pending') throw APPLICATION_NOT_PENDING();
      return [
        {
          type: 'ApplicationApproved',
          data: {
            user_id: state.id,
            manager_id: command.managerId,
            payment_type: command.paymentType,
            variant_id: command.variantId,
            referral_commission_tenths: command.referralTenths,
          },
        },
      ];
    case 'RejectApplication':
      if (state.status !== 'pending') throw APPLICATION_NOT_PENDING();
      return [{ type: 'ApplicationRejected', data: { address_taken: command.addressTaken } }];
    case 'ChangeApplicationReferrer':
      if (state.status === 'none') throw APPLICATION_NOT_FOUND();
      if (command.referredBy !== null && command.referredBy === command.applicantUniqueId) {
        throw new AppError(400, REFERRAL_CODE_MESSAGES.self, { errors: [{ field: 'referred_by', msg: REFERRAL_CODE_MESSAGES.self }] });
      }
      if (command.referredBy === state.details.referred_by) return [];
      return [{ type: 'ApplicationReferrerChanged', data: { referred_by: command.referredBy } }];
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

export const applicationDecider: Decider<ApplicationCommand, ApplicationEvent, Application> = { initialState: () => ({ status: 'none' }), evolve, decide };
