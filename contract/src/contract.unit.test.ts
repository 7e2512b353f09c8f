import { describe, expect, it } from 'vitest';
import {
  affiliateIdTextError, centsToDecimal, checkCommissionRate, checkReferralCode, decimalToCents, formatAffiliateId, formatPaymentReference, hasForbiddenCharacters, showsAsTyped,
  percentOfCents, percentToTenths, sanitizeReferralInput, sanitizeTracker, serverMessageCode, translateServerMessage,
} from './index';

describe('ids', () => {
  it('pads affiliate ids to 5 digits and payment references to 4', () => {
    expect(formatAffiliateId(42)).toBe('00042');
    expect(formatPaymentReference(7)).toBe('0007');
  });

  it('keeps digits only, at most 5, in a referral input', () => {
    expect(sanitizeReferralInput('a1-2 3456')).toBe('12345');
  });

  it('reads an empty referral code as "remove the referrer"', () => {
    expect(checkReferralCode('')).toEqual({ ok: true, value: null });
    expect(checkReferralCode(null)).toEqual({ ok: true, value: null });
  });

  it('refuses a typed code that is not exactly 5 digits, with the spec message', () => {
    expect(checkReferralCode('1234')).toMatchObject({ ok: false, error: 'digits', message: 'Le code de parrainage doit contenir exactement 5 chiffres' });
    expect(checkReferralCode('123456')).toMatchObject({ ok: false, error: 'digits' });
    expect(checkReferralCode('42')).toMatchObject({ ok: false, error: 'digits' });
  });

  it('refuses a code below 10, with the spec message', () => {
    expect(checkReferralCode('00009')).toMatchObject({ ok: false, error: 'minimum', message: 'Le code de parrainage doit être un nombre valide (minimum 10)' });
    expect(checkReferralCode(9)).toMatchObject({ ok: false, error: 'minimum' });
  });

  it('accepts 5 typed digits and an integer id as the API carries it', () => {
    expect(checkReferralCode('00042')).toEqual({ ok: true, value: 42 });
    expect(checkReferralCode(10001)).toEqual({ ok: true, value: 10001 });
    expect(checkReferralCode(100000)).toMatchObject({ ok: false, error: 'digits' });
    expect(checkReferralCode(42.5)).toMatchObject({ ok: false, error: 'digits' });
  });

  it("names the rule a private offer's typed affiliate id breaks: 5 digits, then at least 10", () => {
    expect(affiliateIdTextError('123')).toBe('digits');
    expect(affiliateIdTextError('00003')).toBe('minimum');
    expect(affiliateIdTextError('00010')).toBeNull();
    expect(affiliateIdTextError('99999')).toBeNull();
  });
});

describe('money', () => {
  it('writes cents as a decimal string', () => {
    expect(centsToDecimal(2000)).toBe('20.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-1234)).toBe('-12.34');
  });

  it('reads decimal strings of at most two decimals as cents', () => {
    expect(decimalToCents('20')).toBe(2000);
    expect(decimalToCents('20.5')).toBe(2050);
    expect(decimalToCents('20,05')).toBe(2005);
    expect(decimalToCents('-3.10')).toBe(-310);
    expect(decimalToCents('20.555')).toBeNull();
    expect(decimalToCents('1e3')).toBeNull();
    expect(decimalToCents('')).toBeNull();
  });

  it('keeps commission rates as tenths of a percent and refuses a finer step', () => {
    expect(percentToTenths(0)).toBe(0);
    expect(percentToTenths('12,5')).toBe(125);
    expect(percentToTenths(100)).toBe(1000);
    expect(percentToTenths('12.55')).toBeNull();
    expect(percentToTenths('7.25')).toBeNull();
    expect(percentToTenths(-0.1)).toBeNull();
    expect(percentToTenths(100.1)).toBeNull();
    expect(percentToTenths('abc')).toBeNull();
    expect(percentToTenths('')).toBeNull();
  });

  it('tells a commission rate out of 0-100 from one finer than 0.1, with the message to show', () => {
    expect(checkCommissionRate('12,5')).toEqual({ ok: true, tenths: 125 });
    expect(checkCommissionRate('12.55')).toEqual({ ok: false, error: 'step', message: 'Le taux de commission doit avoir au plus une décimale (pas de 0,1)' });
    expect(checkCommissionRate('100.5')).toEqual({ ok: false, error: 'bounds', message: 'Le taux de commission doit être entre 0 et 100%' });
    expect(checkCommissionRate('-1')).toMatchObject({ ok: false, error: 'bounds' });
    expect(checkCommissionRate('')).toMatchObject({ ok: false, error: 'bounds' });
    expect(checkCommissionRate('abc')).toMatchObject({ ok: false, error: 'bounds' });
  });

  it('rounds a percentage of an amount half-up to the cent', () => {
    expect(percentOfCents(1000, 125)).toBe(125); // 12.5 % of 10.00
    expect(percentOfCents(1, 500)).toBe(1); // 0.5 cent rounds up
    expect(percentOfCents(3, 125)).toBe(0); // 0.375 cent
    expect(percentOfCents(-1, 500)).toBe(-1); // away from zero
    expect(percentOfCents(123_456, 1)).toBe(123); // 0.1 % of 1234.56 = 1.23456
  });
});

describe('rules', () => {
  it('strips anything but letters and digits from a tracker, keeping 10', () => {
    expect(sanitizeTracker('fb-camp_1 2345678')).toBe('fbcamp1234');
  });

  it('spots a NUL character and lone surrogates, not a real emoji', () => {
    expect(hasForbiddenCharacters('a\u0000b')).toBe(true);
    expect(hasForbiddenCharacters('a\uD800b')).toBe(true);
    expect(hasForbiddenCharacters('a\uDC00')).toBe(true);
    expect(hasForbiddenCharacters('Bonjour 😀 é')).toBe(false);
  });

  it('spots what makes a name show as another: overrides, isolates, invisible spaces, line breaks; not joiners, accents or emoji', () => {
    const more = ['\u2028', '\u2029', '\u206A', '\u206F', '\uFFF9', '\u3164', '\u115F', '\u1160', '\u034F', '\u{E0001}', '\u{E0041}'];
    // Found by a review: invisible in a name, so one affiliate could read exactly as another.
    const lookalikes = ['\uFFA0', '\u2800', '\u17B4', '\u17B5', '\u180B', '\u180D', '\u180F', '\u{1D173}', '\u{1D17A}', '\u{1BCA0}', '\u{E0100}', '\uFE00'];
    for (const hidden of ['\u202E', '\u202A', '\u2066', '\u2069', '\u200B', '\u200F', '\u2060', '\uFEFF', '\u00AD', '\u061C', '\n', '\t', '\u007F', ...more, ...lookalikes]) {
      expect(showsAsTyped(`ab${hidden}cd`), JSON.stringify(hidden)).toBe(false);
    }
    for (const shown of ['Zoé Ångström', 'مهر\u200Cناز', '👩\u200D💻 Team', '❤\uFE0F Love', 'O’Brien-Smith', '李小龙', 'Jo Martin']) {
      expect(showsAsTyped(shown), shown).toBe(true);
    }
  });
});

describe('server messages', () => {
  it('shows the translation of a known code and the message otherwise', () => {
    expect(translateServerMessage({ message: 'Invalid credentials', code: 'invalid_credentials' }, 'fr', 'x')).toBe('Identifiants invalides');
    expect(translateServerMessage({ message: 'Invalid credentials', code: 'invalid_credentials' }, 'en-GB', 'x')).toBe('Invalid credentials');
    expect(translateServerMessage({ message: 'Le nom est requis' }, 'fr', 'x')).toBe('Le nom est requis');
    expect(translateServerMessage(null, 'fr', 'fallback')).toBe('fallback');
  });

  it('recognises a known message sent without its code, and nothing else', () => {
    expect(serverMessageCode({ message: 'Email already exists' })).toBe('email_exists');
    expect(translateServerMessage({ message: 'Application not found or already processed' }, 'fr', 'x')).toBe('Candidature introuvable ou déjà traitée');
    expect(serverMessageCode({ message: 'Invalid credentials!' })).toBeNull();
    expect(serverMessageCode({ message: 'x', code: 'toString' })).toBeNull();
    expect(serverMessageCode({ message: 'x', code: 'rate_limited' })).toBe('rate_limited');
  });
});
