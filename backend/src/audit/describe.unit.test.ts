import { describe, expect, it } from 'vitest';
import { describeEvent } from './describe';

describe('describeEvent', () => {
  it.each([
    ['below_minimum', 'Solde reporté (2026-W46, solde inférieur au minimum de 500,00 EUR) : 80,00 EUR'],
    ['no_payment_method', 'Solde reporté (2026-W46, aucun moyen de paiement) : 80,00 EUR'],
    ['account_frozen', 'Solde reporté (2026-W46, compte gelé) : 80,00 EUR'],
  ])('says in French why a balance was carried over (%s)', (reason, text) => {
    expect(describeEvent('BalanceCarriedOver', { week: '2026-W46', reason, balance_cents: 8_000 })).toBe(text);
  });
});
