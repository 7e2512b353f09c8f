import { AppError } from '../http/errors';
import type { PaymentType } from '../accounts/events';
import type { ApplicationDetails, ApplicationEvent } from './events';

export type Application =
  | { status: 'none' }
  | { status: 'pending' | 'approved' | 'rejected'; id: string; details: ApplicationDetails; uniqueId: number | null };

export const applicationDecider = {
  initialState: (): Application => ({ status: 'none' }),
  evolve(state: Application, event: ApplicationEvent): Application {
    if (event.type === 'ApplicationSubmitted') {
      const { application_id, ...details } = event.data;
      return { status: 'pending', id: application_id, details, uniqueId: null };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'ApplicationReferrerChanged':
        return { ...state, details: { ...state.details, referred_by: event.data.referred_by } };
      case 'ApplicationApproved':
        return { ...state, status: 'approved', uniqueId: event.data.unique_id };
      case 'ApplicationRejected':
        return { ...state, status: 'rejected' };
    }
  },
};

export type ApproveApplication = {
  type: 'ApproveApplication';
  uniqueId: number;
  managerId: string | null;
  paymentType: PaymentType;
  variantId: string | null;
  referralCommissionRate: number;
};
export type RejectApplication = { type: 'RejectApplication' };
export type ChangeApplicationReferrer = { type: 'ChangeApplicationReferrer'; referredBy: number | null };
export type SubmitApplication = { type: 'SubmitApplication'; applicationId: string; details: ApplicationDetails };
export type ApplicationCommand = SubmitApplication | ApproveApplication | RejectApplication | ChangeApplicationReferrer;

const notPending = () => new AppError(404, 'Application not found or already processed');

export function decideApplication(state: Application, command: ApplicationCommand): ApplicationEvent[] {
  switch (command.type) {
    case 'SubmitApplication':
      if (state.status !== 'none') throw new AppError(409, 'Application already submitted');
      return [{ type: 'ApplicationSubmitted', data: { application_id: command.applicationId, ...command.details } }];
    case 'ApproveApplication':
      if (state.status !== 'pending') throw notPending();
      return [
        {
          type: 'ApplicationApproved',
          data: {
            user_id: state.id,
            unique_id: command.uniqueId,
            manager_id: command.managerId,
            payment_type: command.paymentType,
            variant_id: command.variantId,
            referral_commission_rate: command.referralCommissionRate,
          },
        },
      ];
    case 'RejectApplication':
      if (state.status !== 'pending') throw notPending();
      return [{ type: 'ApplicationRejected', data: {} }];
    case 'ChangeApplicationReferrer':
      if (state.status === 'none') throw new AppError(404, 'Application not found');
      if (command.referredBy !== null && command.referredBy === state.uniqueId) {
        throw new AppError(400, 'Un utilisateur ne peut pas se parrainer lui-même', {
          errors: [{ field: 'referred_by', msg: 'Un utilisateur ne peut pas se parrainer lui-même' }],
        });
      }
      if (command.referredBy === state.details.referred_by) return [];
      return [{ type: 'ApplicationReferrerChanged', data: { referred_by: command.referredBy } }];
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}
