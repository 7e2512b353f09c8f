import { describe, expect, it } from 'vitest';
import { checkReferralCode, parseCommissionRate, sanitizeReferralInput } from './rules';

describe('referral code input', () => {
  it('keeps only digits and at most five of them', () => {
    expect(sanitizeReferralInput('a1-2 3456')).toBe('12345');
  });

  it('an empty code removes the referrer (null is sent)', () => {
    expect(checkReferralCode('')).toEqual({ ok: true, referredBy: null });
  });

  it('a code shorter than five digits is refused with the length message', () => {
    expect(checkReferralCode('1234')).toEqual({ ok: false, error: 'length_error' });
  });

  it('a five-digit code below 10 is refused with the minimum message', () => {
    expect(checkReferralCode('00009')).toEqual({ ok: false, error: 'minimum_error' });
  });

  it('a padded five-digit code is sent as its number', () => {
    expect(checkReferralCode('00042')).toEqual({ ok: true, referredBy: 42 });
  });
});

describe('referral commission rate', () => {
  it('accepts 0 to 100 with a comma or a dot, kept to one decimal', () => {
    expect(parseCommissionRate('0')).toBe(0);
    expect(parseCommissionRate('12,5')).toBe(12.5);
    expect(parseCommissionRate('100')).toBe(100);
    expect(parseCommissionRate('7.25')).toBe(7.3);
  });

  it('refuses a rate outside 0..100 or not a number', () => {
    expect(parseCommissionRate('-0.1')).toBeUndefined();
    expect(parseCommissionRate('100.1')).toBeUndefined();
    expect(parseCommissionRate('abc')).toBeUndefined();
    expect(parseCommissionRate('')).toBeUndefined();
  });
});
