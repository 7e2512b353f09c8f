import type { PaymentHistoryRow } from '@affilux/contract';
import { describe, expect, it } from 'vitest';
import { footerTotal, matchesPayment } from './historyRows';

const row = (fields: Partial<PaymentHistoryRow>): PaymentHistoryRow => ({
  id: 'p1', first_name: 'Camille', last_name: 'Durand', email: 'camille@example.test', unique_id: 42, amount: '512.30',
  payment_method_type: 'crypto', week_label: '2026-W14', payment_date: '2026-04-08T04:00:00.000Z', status: 'paid', reference: 7, ...fields,
});

describe('the payments history search', () => {
  it('finds a payment by name, email, padded affiliate id, period or reference, every word having to match', () => {
    expect(matchesPayment(row({}), 'durand')).toBe(true);
    expect(matchesPayment(row({}), 'CAMILLE@example')).toBe(true);
    expect(matchesPayment(row({}), '00042')).toBe(true);
    expect(matchesPayment(row({}), 'W14')).toBe(true);
    expect(matchesPayment(row({}), '0007')).toBe(true);
    expect(matchesPayment(row({}), 'camille w15')).toBe(false);
    expect(matchesPayment(row({ week_label: null }), 'manuel')).toBe(true);
    expect(matchesPayment(row({}), '   ')).toBe(true);
  });
});

describe('the footer total', () => {
  it('adds the shown amounts in cents, without floating-point drift', () => {
    expect(footerTotal([row({ amount: '0.10' }), row({ amount: '0.20' }), row({ amount: '500.00' })])).toBe('500.30');
    expect(footerTotal([])).toBe('0.00');
  });
});
