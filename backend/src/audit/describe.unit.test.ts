import { describe, expect, it } from 'vitest';
import { describeDefaultStandardRate, describeEvent, describeRateChange } from './describe';

describe('describeEvent', () => {
  it.each([
    ['below_minimum', 'Solde reporté (2026-W46, solde inférieur au minimum de 500,00 EUR) : 80,00 EUR'],
    ['no_payment_method', 'Solde reporté (2026-W46, aucun moyen de paiement) : 80,00 EUR'],
    ['account_frozen', 'Solde reporté (2026-W46, compte gelé) : 80,00 EUR'],
  ])('says in French why a balance was carried over (%s)', (reason, text) => {
    expect(describeEvent('BalanceCarriedOver', { week: '2026-W46', reason, balance_cents: 8_000 })).toBe(text);
  });
});

describe('summaries in the back office language', () => {
  it('writes each event and each rate change in English when asked, amounts French style as everywhere', () => {
    expect(describeEvent('BalanceCarriedOver', { week: '2026-W46', reason: 'no_payment_method', balance_cents: 8_000 }, null, 'en')).toBe('Balance carried over (2026-W46, no payment method): 80,00 EUR');
    expect(describeEvent('PaymentSettingsChanged', { payment_type: 'ppt', variant_id: 'v1' }, 'Palier Pro', 'en')).toBe('Payment settings: PPT, variant Palier Pro');
    expect(describeEvent('PaymentMethodChanged', { type: 'bank' })).toBe('Moyen de paiement enregistré (virement bancaire)');
    expect(describeEvent('PaymentMethodChanged', { type: 'crypto' }, null, 'en')).toBe('Payment method recorded (cryptocurrency)');
    const tiers = [{ tier_level: 1, min_sales: 0, max_sales: 9, amount_cents: 1500 }, { tier_level: 2, min_sales: 10, max_sales: null, amount_cents: 2000 }];
    const variant = { name: 'Palier Pro', is_evolutionary: true, tiers };
    expect(describeRateChange('PaymentVariantUpdated', variant, { name: 'Palier Pro', version: 2 }, 'en')).toBe('Variant Palier Pro v2: 2 tiers (15,00 EUR from 0 to 9, 20,00 EUR from 10 to ∞)');
    expect(describeRateChange('PaymentVariantUpdated', variant, { name: 'Palier Pro', version: 2 })).toBe('Variante Palier Pro v2 : 2 paliers (15,00 EUR de 0 à 9, 20,00 EUR de 10 à ∞)');
    expect(describeRateChange('StandardRateChanged', { payment_type: 'sale', amount_cents: 4000 }, { name: null, version: null }, 'en')).toBe('Standard rate SALE: 40,00 EUR');
    expect(describeDefaultStandardRate('ppt', 'en')).toBe('Standard rate PPT: 20,00 EUR (default)');
  });

  it('has an English summary for every French one', () => {
    const events = ['AffiliateAccountOpened', 'PaymentSettingsChanged', 'SignedIn', 'WeekClosed', 'LedgerItemPosted', 'PayoutIssued', 'InvoiceIssued', 'CreditNoteIssued', 'BalanceWrittenOff', 'DormancyWarned'];
    for (const type of events) expect(describeEvent(type, { week: '2026-W46', number: 1, sha256: 'ab', label: 'x' }, null, 'en'), type).not.toBe(describeEvent(type, { week: '2026-W46', number: 1, sha256: 'ab', label: 'x' }));
  });
});
