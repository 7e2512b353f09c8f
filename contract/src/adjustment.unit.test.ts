import { describe, expect, it } from 'vitest';
import { adjustmentCents } from './payoutRuns';

describe('a manual adjustment amount', () => {
  it('credits or debits, with a comma or a point, spaces and a plus sign allowed', () => {
    expect(adjustmentCents('25')).toBe(2500);
    expect(adjustmentCents('-25,5')).toBe(-2550);
    expect(adjustmentCents('+1 000.05')).toBe(100_005);
    expect(adjustmentCents(' - 12 345,50 ')).toBe(-1_234_550);
    expect(adjustmentCents('1\u202f000,50')).toBe(100_050);
  });

  it('takes spaces between thousands only: a space elsewhere is a typo, never read as one number', () => {
    for (const typo of ['5 0', '1 00', '10 00,50', '1 000 0', '1 000,5 0', '12 ,50']) expect(adjustmentCents(typo), typo).toBeNull();
  });

  it('refuses zero, more than two decimals and anything not a number', () => {
    expect(adjustmentCents('0')).toBeNull();
    expect(adjustmentCents('-0,00')).toBeNull();
    expect(adjustmentCents('12.345')).toBeNull();
    expect(adjustmentCents('douze')).toBeNull();
    expect(adjustmentCents('')).toBeNull();
    // One sign at most: a typo is never read as a debit.
    expect(adjustmentCents('+-5')).toBeNull();
    expect(adjustmentCents('++5')).toBeNull();
    expect(adjustmentCents('--5')).toBeNull();
  });

  it('refuses more than 100,000.00 EUR either way, so a few extra zeros are caught before the confirmation', () => {
    expect(adjustmentCents('100000')).toBe(10_000_000);
    expect(adjustmentCents('-100 000,00')).toBe(-10_000_000);
    expect(adjustmentCents('100000.01')).toBeNull();
    expect(adjustmentCents('999999999.99')).toBeNull();
  });
});
