import type { PaymentType } from '@affilux/contract';
import type { Decider } from '../../eventstore/commands';
import { DEFAULT_STANDARD_RATE_CENTS, type StandardRateEvent } from '../events';

type Rates = Record<PaymentType, number>;

/** The one decider of the `standard-rates` stream: setting a rate to its current value records nothing. */
export const standardRatesDecider: Decider<{ type: 'SetStandardRate'; paymentType: PaymentType; amountCents: number }, StandardRateEvent, Rates> = {
  initialState: () => ({ ppt: DEFAULT_STANDARD_RATE_CENTS, sale: DEFAULT_STANDARD_RATE_CENTS }),
  evolve: (rates, event) => ({ ...rates, [event.data.payment_type]: event.data.amount_cents }),
  decide: (command, rates) =>
    rates[command.paymentType] === command.amountCents ? [] : [{ type: 'StandardRateChanged', data: { payment_type: command.paymentType, amount_cents: command.amountCents } }],
};
