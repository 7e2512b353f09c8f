import { describe, expect, it } from 'vitest';
import { addTier, checkVariant, defaultNewVariant, nextTier, removeTier, variantPayload, type VariantInput } from './variants';

const evolutionary = (tiers: unknown[], overrides: Record<string, unknown> = {}) => ({ name: 'Gold', base_amount: '20.00', is_evolutionary: true, tiers, ...overrides });
const tier = (tier_level: unknown, min_sales: unknown, max_sales: unknown, amount: unknown) => ({ tier_level, min_sales, max_sales, amount });
const messages = (input: unknown) => {
  const check = checkVariant(input);
  return check.ok ? [] : check.errors.map((e) => e.msg);
};

describe('checkVariant', () => {
  it('gives a fixed variant in cents, trimmed, without the tiers it was sent', () => {
    expect(checkVariant({ name: '  Basic  ', base_amount: '17,5', is_evolutionary: false, tiers: [tier(1, 0, null, '1')] })).toEqual({
      ok: true,
      value: { name: 'Basic', base_amount_cents: 1750, is_evolutionary: false, tiers: [] },
    });
  });

  it('gives an evolutionary variant with its tiers in cents', () => {
    expect(checkVariant(evolutionary([tier(1, 0, 199, '20.00'), tier(2, 200, 499, '25'), tier(3, 500, null, '30.5')]))).toEqual({
      ok: true,
      value: {
        name: 'Gold', base_amount_cents: 2000, is_evolutionary: true,
        tiers: [
          { tier_level: 1, min_sales: 0, max_sales: 199, amount_cents: 2000 },
          { tier_level: 2, min_sales: 200, max_sales: 499, amount_cents: 2500 },
          { tier_level: 3, min_sales: 500, max_sales: null, amount_cents: 3050 },
        ],
      },
    });
  });

  it('requires a name, at most 100 characters', () => {
    expect(messages({ name: '   ', base_amount: '20' })).toEqual(['Le nom est requis']);
    expect(messages({ base_amount: '20' })).toEqual(['Le nom est requis']);
    expect(messages({ name: 'x'.repeat(101), base_amount: '20' })).toEqual(['Le nom ne doit pas dépasser 100 caractères']);
  });

  it('requires a positive base amount of at most two decimals, up to 10 000.00', () => {
    for (const base_amount of ['0', '-5', 'abc', '', '12.345', null, undefined, true, '1e3']) {
      expect(messages({ name: 'A', base_amount }), String(base_amount)).toEqual(['Le montant de base doit être un nombre positif']);
    }
    expect(messages({ name: 'A', base_amount: '10000.01' })).toEqual(['Un montant ne doit pas dépasser 10 000,00 €']);
    expect(messages({ name: 'A', base_amount: 10000 })).toEqual([]);
  });

  it('takes amounts typed with spaces between thousands, as the app shows them (1 000,50), and no other space', () => {
    for (const base_amount of ['1 000,50', '1\u00a0000,50', '1\u202f000,50']) {
      expect(checkVariant({ name: 'A', base_amount, is_evolutionary: false, tiers: [] }), base_amount).toMatchObject({ ok: true, value: { base_amount_cents: 100_050 } });
    }
    expect(messages(evolutionary([tier(1, 0, 99, '1 000'), tier(2, 100, null, '1 0,5')]))).toEqual(['Le tarif du palier 2 doit être positif']);
  });

  it('refuses an is_evolutionary that is not a boolean', () => {
    expect(messages({ name: 'A', base_amount: '20', is_evolutionary: 'yes' })).toEqual(['Le caractère évolutif doit être vrai ou faux']);
  });

  it('requires at least two tiers (and at most 20) for an evolutionary variant', () => {
    expect(messages(evolutionary([tier(1, 0, null, '20')]))).toEqual(['Au moins deux paliers sont requis pour une variante évolutive']);
    expect(messages(evolutionary([]))).toEqual(['Au moins deux paliers sont requis pour une variante évolutive']);
    expect(messages({ name: 'A', base_amount: '20', is_evolutionary: true })).toEqual(['Au moins deux paliers sont requis pour une variante évolutive']);
    const many = Array.from({ length: 21 }, (_, i) => tier(i + 1, i * 10, i === 20 ? null : i * 10 + 9, '20'));
    expect(messages(evolutionary(many))).toEqual(['Une variante compte au plus 20 paliers']);
  });

  it('requires tier levels in sequence from 1', () => {
    expect(messages(evolutionary([tier(1, 0, 99, '20'), tier(3, 100, null, '25')]))).toEqual(['Le niveau du palier 2 est incorrect']);
    expect(messages(evolutionary([tier(0, 0, 99, '20'), tier(2, 100, null, '25')]))).toEqual(['Le niveau du palier 1 est incorrect']);
  });

  it("requires each tier's range above the previous one's, with no gap, from 0 to an open end", () => {
    expect(messages(evolutionary([tier(1, 0, 199, '20'), tier(2, 150, null, '25')]))).toEqual([
      'La plage de vente du palier 2 doit être supérieure à celle du palier précédent',
    ]);
    expect(messages(evolutionary([tier(1, 0, 199, '20'), tier(2, 0, null, '25')]))).toEqual([
      'La plage de vente du palier 2 doit être supérieure à celle du palier précédent',
    ]);
    expect(messages(evolutionary([tier(1, 0, 199, '20'), tier(2, 250, null, '25')]))).toEqual([
      'Le palier 2 doit commencer à la vente qui suit la fin du palier précédent',
    ]);
    expect(messages(evolutionary([tier(1, 5, 199, '20'), tier(2, 200, null, '25')]))).toEqual(['Le premier palier commence à 0 vente']);
    expect(messages(evolutionary([tier(1, 0, 199, '20'), tier(2, 200, 399, '25')]))).toEqual(['Le dernier palier reste ouvert (sans maximum)']);
    expect(messages(evolutionary([tier(1, 0, null, '20'), tier(2, 200, null, '25')]))).toEqual([
      'Le maximum de ventes du palier 1 doit être un nombre entier supérieur ou égal à son minimum',
    ]);
    expect(messages(evolutionary([tier(1, 0, 199, '20'), tier(2, 200, 100, '25'), tier(3, 101, null, '30')]))).toEqual([
      'Le maximum de ventes du palier 2 doit être un nombre entier supérieur ou égal à son minimum',
      'La plage de vente du palier 3 doit être supérieure à celle du palier précédent',
    ]);
    expect(messages(evolutionary([tier(1, 0, 1.5, '20'), tier(2, '200', null, '25')]))).toEqual([
      'Le maximum de ventes du palier 1 doit être un nombre entier supérieur ou égal à son minimum',
      'La plage de vente du palier 2 doit être supérieure à celle du palier précédent',
    ]);
  });

  it('requires a positive amount for each tier, naming the tier', () => {
    expect(messages(evolutionary([tier(1, 0, 199, '0'), tier(2, 200, null, 'x')]))).toEqual([
      'Le tarif du palier 1 doit être positif',
      'Le tarif du palier 2 doit être positif',
    ]);
  });

  it('names the field of each broken rule, for the form and the API', () => {
    const check = checkVariant(evolutionary([tier(1, 0, 199, '20'), tier(2, 100, null, '-1')], { name: '', base_amount: '0' }));
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.map(({ field, rule, n }) => [field, rule, n])).toEqual([
      ['name', 'name_required', undefined],
      ['base_amount', 'base_amount', undefined],
      ['tiers.1.min_sales', 'tier_range', 2],
      ['tiers.1.amount', 'tier_amount', 2],
    ]);
  });

  it('ignores what is not an object', () => {
    expect(messages(null)).toEqual(['Le nom est requis', 'Le montant de base doit être un nombre positif']);
    expect(messages(evolutionary([null, 'x']))).toContain('Le tarif du palier 2 doit être positif');
  });
});

describe('the tier editor', () => {
  it('starts a new variant at 20.00 with two tiers, 0-199 at 20.00 and 200-399 at 25.00', () => {
    expect(defaultNewVariant()).toEqual({
      name: '',
      base_amount: '20.00',
      is_evolutionary: false,
      tiers: [
        { tier_level: 1, min_sales: 0, max_sales: 199, amount: '20.00' },
        { tier_level: 2, min_sales: 200, max_sales: 399, amount: '25.00' },
      ],
    });
  });

  it('adds a tier after the last one ends, spanning 300 sales at 5.00 more, open-ended from the third position', () => {
    const { tiers } = defaultNewVariant();
    expect(nextTier(tiers)).toEqual({ tier_level: 3, min_sales: 400, max_sales: null, amount: '30.00' });
    const three = addTier(tiers);
    expect(three[2]).toEqual({ tier_level: 3, min_sales: 400, max_sales: null, amount: '30.00' });
    // The open third tier is closed after a span of 300 when a fourth comes after it.
    const four = addTier(three);
    expect(four.slice(2)).toEqual([
      { tier_level: 3, min_sales: 400, max_sales: 699, amount: '30.00' },
      { tier_level: 4, min_sales: 700, max_sales: null, amount: '35.00' },
    ]);
    expect(nextTier([{ tier_level: 1, min_sales: 0, max_sales: 99, amount: '10.00' }])).toEqual({ tier_level: 2, min_sales: 100, max_sales: 399, amount: '15.00' });
  });

  it('refuses to go below two tiers, with the rule of the minimum', () => {
    expect(removeTier(defaultNewVariant().tiers, 0)).toEqual({ ok: false, msg: 'Au moins deux paliers sont requis pour une variante évolutive' });
  });

  it('renumbers the tiers after a removal and lets the next one start where the removed one did', () => {
    const four = addTier(addTier(defaultNewVariant().tiers));
    expect(removeTier(four, 1)).toEqual({
      ok: true,
      tiers: [
        { tier_level: 1, min_sales: 0, max_sales: 199, amount: '20.00' },
        { tier_level: 2, min_sales: 200, max_sales: 699, amount: '30.00' },
        { tier_level: 3, min_sales: 700, max_sales: null, amount: '35.00' },
      ],
    });
    const removedFirst = removeTier(four, 0);
    expect(removedFirst.ok && removedFirst.tiers[0]).toEqual({ tier_level: 1, min_sales: 0, max_sales: 399, amount: '25.00' });
  });

  it('sends the tiers of an evolutionary variant with the last one open, and none for a fixed one; the default passes the rules', () => {
    const form: VariantInput = { ...defaultNewVariant(), name: ' Gold ', is_evolutionary: true };
    const payload = variantPayload(form);
    expect(payload.name).toBe('Gold');
    expect(payload.tiers.map((t) => t.max_sales)).toEqual([199, null]);
    expect(checkVariant(payload).ok).toBe(true);
    expect(variantPayload({ ...form, is_evolutionary: false }).tiers).toEqual([]);
    expect(checkVariant(variantPayload({ ...form, tiers: addTier(addTier(form.tiers)) })).ok).toBe(true);
  });
});
