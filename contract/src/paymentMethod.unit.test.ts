import { describe, expect, it } from 'vitest';
import { checkIban, checkPaymentMethod, checkSiret, formatIban, formatSiret } from './index';

describe('IBAN (ISO 13616, mod 97)', () => {
  it('accepts real IBANs typed with spaces or in lower case, and keeps them in capitals without spaces', () => {
    expect(checkIban('FR76 3000 6000 0112 3456 7890 189')).toEqual({ ok: true, value: 'FR7630006000011234567890189' });
    expect(checkIban('de89 3704 0044 0532 0130 00')).toEqual({ ok: true, value: 'DE89370400440532013000' });
    expect(checkIban('GB82WEST12345698765432')).toEqual({ ok: true, value: 'GB82WEST12345698765432' });
    expect(checkIban('NO93 8601 1117 947')).toMatchObject({ ok: true });
  });

  it('refuses one wrong character with the key message', () => {
    expect(checkIban('FR76 3000 6000 0112 3456 7890 188')).toMatchObject({ ok: false, error: 'iban_checksum', message: expect.stringContaining('clé de contrôle') });
    expect(checkIban('FR67 3000 6000 0112 3456 7890 189')).toMatchObject({ ok: false, error: 'iban_checksum' });
  });

  it("refuses an IBAN of the wrong length for its country, and anything that is not shaped like one", () => {
    expect(checkIban('FR76 3000 6000 0112 3456 7890 18')).toMatchObject({ ok: false, error: 'iban_length' });
    expect(checkIban('3000 6000 0112 3456 7890 189')).toMatchObject({ ok: false, error: 'iban_format' });
    expect(checkIban('FR76-3000-6000')).toMatchObject({ ok: false, error: 'iban_format' });
    expect(checkIban('')).toMatchObject({ ok: false, error: 'iban_format' });
  });

  it('prints an IBAN in groups of four', () => {
    expect(formatIban('FR7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
  });
});

describe('SIRET (14 digits, Luhn key)', () => {
  it('accepts a real SIRET, typed with spaces or not, and prints it in its usual groups', () => {
    expect(checkSiret('732 829 320 00074')).toEqual({ ok: true, value: '73282932000074' });
    expect(formatSiret('73282932000074')).toBe('732 829 320 00074');
  });

  it("refuses anything but 14 digits with 'Le SIRET doit contenir exactement 14 chiffres'", () => {
    for (const text of ['7328293200007', '732829320000745', '7328293200007A', '']) {
      expect(checkSiret(text)).toMatchObject({ ok: false, error: 'siret_digits', message: 'Le SIRET doit contenir exactement 14 chiffres' });
    }
  });

  it('refuses a mistyped digit with the key message', () => {
    expect(checkSiret('73282932000075')).toMatchObject({ ok: false, error: 'siret_checksum' });
    expect(checkSiret('12345678901234')).toMatchObject({ ok: false, error: 'siret_checksum' });
  });

  it("checks La Poste's establishments by the sum of their digits, its head office by Luhn", () => {
    expect(checkSiret('35600000049837')).toMatchObject({ ok: true });
    expect(checkSiret('35600000012345')).toMatchObject({ ok: false, error: 'siret_checksum' });
    expect(checkSiret('35600000000048')).toMatchObject({ ok: true });
  });
});

describe('a payment method', () => {
  it("needs every field of its type, with the spec's 'Veuillez remplir tous les champs'", () => {
    expect(checkPaymentMethod({ type: 'crypto', crypto_name: 'USDT', crypto_address: '  ' })).toEqual({
      ok: false,
      errors: [{ field: 'crypto_address', error: 'required', message: 'Veuillez remplir tous les champs' }],
    });
    const bank = checkPaymentMethod({ type: 'bank', company_name: 'Media SAS', iban: 'FR76 0000' });
    expect(bank.ok).toBe(false);
    if (!bank.ok) {
      expect(bank.errors.map((e) => e.field)).toEqual(['siret', 'address', 'country']);
      expect(new Set(bank.errors.map((e) => e.message))).toEqual(new Set(['Veuillez remplir tous les champs']));
    }
  });

  it("keeps only its own type's fields, trimmed, with the IBAN and SIRET normalised", () => {
    expect(
      checkPaymentMethod({
        type: 'bank', company_name: ' Media SAS ', siret: '732 829 320 00074', iban: 'fr76 3000 6000 0112 3456 7890 189', address: '1 rue de la Paix, Paris',
        country: 'France', crypto_name: 'BTC', crypto_address: 'bc1q',
      }),
    ).toEqual({
      ok: true,
      value: {
        type: 'bank', company_name: 'Media SAS', siret: '73282932000074', iban: 'FR7630006000011234567890189', address: '1 rue de la Paix, Paris', country: 'France',
        crypto_name: null, crypto_address: null,
      },
    });
  });

  it('takes a postal address on several lines (its box is multi-line), and no other control character in it or elsewhere', () => {
    const bank = { type: 'bank' as const, company_name: 'Media SAS', siret: '73282932000074', iban: 'FR7630006000011234567890189', country: 'France' };
    expect(checkPaymentMethod({ ...bank, address: '1 rue de la Paix\r\n75002 Paris' })).toMatchObject({ ok: true, value: { address: '1 rue de la Paix\n75002 Paris' } });
    expect(checkPaymentMethod({ ...bank, address: '1 rue de la Paix\u0007' })).toMatchObject({ ok: false, errors: [{ field: 'address', error: 'invisible' }] });
    expect(checkPaymentMethod({ ...bank, company_name: 'Media\nSAS', address: 'Paris' })).toMatchObject({ ok: false, errors: [{ field: 'company_name', error: 'invisible' }] });
  });

  it('names both a bad SIRET and a bad IBAN at once', () => {
    const check = checkPaymentMethod({ type: 'bank', company_name: 'Media SAS', siret: '123', iban: 'FR76 3000 6000 0112 3456 7890 188', address: 'Paris', country: 'France' });
    expect(check).toMatchObject({ ok: false, errors: [{ field: 'siret', error: 'siret_digits' }, { field: 'iban', error: 'iban_checksum' }] });
  });

  it('refuses a wallet address with a space inside and a field longer than kept', () => {
    expect(checkPaymentMethod({ type: 'crypto', crypto_name: 'BTC', crypto_address: 'bc1q xyz' })).toMatchObject({ ok: false, errors: [{ field: 'crypto_address', error: 'crypto_address' }] });
    expect(checkPaymentMethod({ type: 'crypto', crypto_name: 'B'.repeat(51), crypto_address: 'bc1qxyz' })).toMatchObject({ ok: false, errors: [{ field: 'crypto_name', error: 'too_long' }] });
  });

  it('takes the addresses of real chains, with a memo, and refuses a formula, markup or a character that displays as something else', () => {
    for (const address of ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', '0x52908400098527886E0F7030069857D2E4169EE7', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY?dt=12345']) {
      expect(checkPaymentMethod({ type: 'crypto', crypto_name: 'USDT (TRC20)', crypto_address: address }), address).toMatchObject({ ok: true });
    }
    for (const address of ['=HYPERLINK("http://evil","c")', '<b>bc1q</b>', '-0x5290']) {
      expect(checkPaymentMethod({ type: 'crypto', crypto_name: 'BTC', crypto_address: address }), address).toMatchObject({ ok: false, errors: [{ field: 'crypto_address', error: 'crypto_address_chars' }] });
    }
    expect(checkPaymentMethod({ type: 'crypto', crypto_name: 'BTC', crypto_address: 'abc\u202edef' })).toMatchObject({ ok: false, errors: [{ field: 'crypto_address', error: 'invisible' }] });
    expect(checkPaymentMethod({ type: 'crypto', crypto_name: 'B\u200bTC', crypto_address: 'bc1qxyz' })).toMatchObject({ ok: false, errors: [{ field: 'crypto_name', error: 'invisible' }] });
  });
});
