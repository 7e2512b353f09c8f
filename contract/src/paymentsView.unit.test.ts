import { describe, expect, it } from 'vitest';
import { formatEuros, formatPercent, formatSignedEuros, invoiceFileName, lineOfferName, missingForPayout, paymentReferenceText, weekLabelOr } from './paymentsView';
import { MINIMUM_PAYOUT_CENTS } from './money';

// Intl writes a narrow no-break space between thousands and before the euro sign in French.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('invoice file names', () => {
  it('the affiliate saves its invoice under its 5-digit id and the week label', () => {
    expect(invoiceFileName(42, '2026-W14')).toBe('00042_2026-W14.pdf');
  });

  it('slashes and spaces of the label become dashes, one dash each', () => {
    expect(invoiceFileName(12345, 'Semaine 14 (30/03/2026 - 05/04/2026)')).toBe('12345_Semaine-14-(30-03-2026---05-04-2026).pdf');
  });

  it("a payment without a label is 'Manuel', blank labels too", () => {
    expect(invoiceFileName(42, null)).toBe('00042_Manuel.pdf');
    expect(invoiceFileName(42, '   ')).toBe('00042_Manuel.pdf');
  });

  it("the back office's file starts with 'receipt'", () => {
    expect(invoiceFileName(42, '2026-W14', 'receipt')).toBe('receipt_00042_2026-W14.pdf');
    expect(invoiceFileName(42, undefined, 'receipt')).toBe('receipt_00042_Manuel.pdf');
  });
});

describe('labels', () => {
  it("the week label, or the screen's word for none", () => {
    expect(weekLabelOr('2026-W14', '-')).toBe('2026-W14');
    expect(weekLabelOr(null, '-')).toBe('-');
    expect(weekLabelOr('', 'Manuel')).toBe('Manuel');
  });

  it('the payment reference on 4 digits, a dash before the invoice exists', () => {
    expect(paymentReferenceText(7)).toBe('0007');
    expect(paymentReferenceText(12345)).toBe('12345');
    expect(paymentReferenceText(null)).toBe('-');
  });
});

describe('money and rates', () => {
  it('amounts in EUR, two decimals, French format whatever the language', () => {
    expect(plain(formatEuros('1234.5'))).toBe('1 234,50 €');
    expect(plain(formatEuros('0.00'))).toBe('0,00 €');
    expect(plain(formatEuros('-12.00'))).toBe('-12,00 €');
    expect(plain(formatEuros(null))).toBe('0,00 €');
  });

  it('balance movements carry their sign', () => {
    expect(plain(formatSignedEuros('45.00'))).toBe('+45,00 €');
    expect(plain(formatSignedEuros('-45.00'))).toBe('-45,00 €');
    expect(plain(formatSignedEuros('0.00'))).toBe('0,00 €');
    // Thousands grouped with a space the app's font draws (the narrow one it nearly hides), like every other amount.
    expect(formatSignedEuros('1262.00')).toBe(`+1\u00a0262,00\u00a0€`);
    expect(formatSignedEuros('-1262.00')).toBe(formatEuros('-1262.00'));
  });

  it('commission rates with one decimal in the interface language', () => {
    expect(plain(formatPercent(12.5))).toBe('12,5 %');
    expect(plain(formatPercent(10))).toBe('10,0 %');
  });

  it('what a balance lacks to reach the 500 EUR minimum, nothing once reached', () => {
    expect(missingForPayout('123.45', MINIMUM_PAYOUT_CENTS)).toBe('376.55');
    expect(missingForPayout('500.00', MINIMUM_PAYOUT_CENTS)).toBe('0.00');
    expect(missingForPayout('-20.00', MINIMUM_PAYOUT_CENTS)).toBe('520.00');
  });
});

describe("a line's offer", () => {
  const words = { noOffer: 'Sans offre', deletedOffer: 'Offre supprimée' };
  it('figures sent without an offer say so, and are not taken for a deleted offer', () => {
    expect(lineOfferName({ offer_id: null, offer_name: null }, words)).toBe('Sans offre');
    expect(lineOfferName({ offer_id: '', offer_name: null }, words)).toBe('Sans offre');
  });
  it('an offer is named, or said deleted when its name is gone', () => {
    expect(lineOfferName({ offer_id: 'a1', offer_name: 'LoveMatch' }, words)).toBe('LoveMatch');
    expect(lineOfferName({ offer_id: 'a1', offer_name: null }, words)).toBe('Offre supprimée');
  });
});
