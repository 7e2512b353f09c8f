import { describe, it } from 'vitest';
import { deciderSpec } from '../../../../test/deciderSpec';
import { standardRatesDecider } from './standardRates';

const { given } = deciderSpec(standardRatesDecider);

describe('the standard rates', () => {
  it('are 20.00 EUR per conversion until set: setting that value records nothing', () => {
    given().when({ type: 'SetStandardRate', paymentType: 'ppt', amountCents: 2000 }).then([]);
  });

  it('record a new rate for one payment type, leaving the other', () => {
    given().when({ type: 'SetStandardRate', paymentType: 'sale', amountCents: 3500 }).then([{ type: 'StandardRateChanged', data: { payment_type: 'sale', amount_cents: 3500 } }]);
    given({ type: 'StandardRateChanged', data: { payment_type: 'sale', amount_cents: 3500 } })
      .when({ type: 'SetStandardRate', paymentType: 'ppt', amountCents: 2000 })
      .then([]);
  });
});
