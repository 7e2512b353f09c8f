import { centsToDecimal, decimalToCents, typedAmountCents } from './money';

/**
 * The rules of a payment variant (admin spec §5 and §9), in their one form: the server refuses a
 * variant with these messages (400) and the back office's modal shows the same ones before sending.
 * A variant is fixed (its base amount per conversion) or evolutionary: weekly graduated tiers, the
 * n-th conversion of the week paid the amount of the tier whose [min_sales, max_sales] holds n, so
 * the tiers start at 0, follow each other without gap or overlap, and the last one has no maximum.
 */

/** Bounds that keep a variant sensible (and its cents inside a PostgreSQL integer). */
export const VARIANT_LIMITS = { nameMaxLength: 100, maxTiers: 20, maxSales: 1_000_000, maxAmountCents: 1_000_000 } as const;

/** The messages of the rules; `%{n}` is the tier's position (1 for the first). */
export const VARIANT_MESSAGES = {
  name_required: 'Le nom est requis',
  name_too_long: 'Le nom ne doit pas dépasser 100 caractères',
  base_amount: 'Le montant de base doit être un nombre positif',
  amount_too_large: 'Un montant ne doit pas dépasser 10 000,00 €',
  evolutionary: 'Le caractère évolutif doit être vrai ou faux',
  min_tiers: 'Au moins deux paliers sont requis pour une variante évolutive',
  max_tiers: 'Une variante compte au plus 20 paliers',
  tier_level: 'Le niveau du palier %{n} est incorrect',
  tier_first_min: 'Le premier palier commence à 0 vente',
  tier_range: 'La plage de vente du palier %{n} doit être supérieure à celle du palier précédent',
  tier_gap: 'Le palier %{n} doit commencer à la vente qui suit la fin du palier précédent',
  tier_max: 'Le maximum de ventes du palier %{n} doit être un nombre entier supérieur ou égal à son minimum',
  tier_last_open: 'Le dernier palier reste ouvert (sans maximum)',
  tier_amount: 'Le tarif du palier %{n} doit être positif',
} as const;

export type VariantRule = keyof typeof VARIANT_MESSAGES;

/** A broken rule: the field it is about (`tiers.1.amount`), its message, and its rule and tier for translations. */
export type VariantRuleError = { field: string; msg: string; rule: VariantRule; n?: number };

/** A tier as the API and the modal carry it: amounts as decimal strings, `max_sales` null for open-ended. */
export type VariantTierInput = { tier_level: number; min_sales: number; max_sales: number | null; amount: string };
export type VariantInput = { name: string; base_amount: string; is_evolutionary: boolean; tiers: VariantTierInput[] };

/** A checked variant: trimmed name, amounts in integer cents, no tiers unless evolutionary. */
export type VariantTierValue = { tier_level: number; min_sales: number; max_sales: number | null; amount_cents: number };
export type VariantValue = { name: string; base_amount_cents: number; is_evolutionary: boolean; tiers: VariantTierValue[] };

export type VariantCheck = { ok: true; value: VariantValue } | { ok: false; errors: VariantRuleError[] };

export const variantMessage = (rule: VariantRule, n?: number): string => VARIANT_MESSAGES[rule].replace('%{n}', String(n ?? ''));

/** A positive amount of at most two decimals (string or number, typed as people do: '1 000,50'), in cents; null when it is not one. */
export function positiveAmountCents(amount: unknown): number | null {
  if (typeof amount !== 'string' && typeof amount !== 'number') return null;
  const cents = typedAmountCents(amount);
  return cents !== null && cents > 0 ? cents : null;
}

const isSalesCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= VARIANT_LIMITS.maxSales;

/**
 * Checks a variant as the API receives it (anything: it comes from a request body) and gives it in
 * cents, or every broken rule. A variant that is not evolutionary keeps no tiers, whatever is sent.
 */
export function checkVariant(input: unknown): VariantCheck {
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const errors: VariantRuleError[] = [];
  const fail = (field: string, rule: VariantRule, n?: number) => errors.push({ field, msg: variantMessage(rule, n), rule, ...(n === undefined ? {} : { n }) });

  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) fail('name', 'name_required');
  else if (name.length > VARIANT_LIMITS.nameMaxLength) fail('name', 'name_too_long');

  const baseAmount = positiveAmountCents(body.base_amount);
  if (baseAmount === null) fail('base_amount', 'base_amount');
  else if (baseAmount > VARIANT_LIMITS.maxAmountCents) fail('base_amount', 'amount_too_large');

  const evolutionary = body.is_evolutionary ?? false;
  if (typeof evolutionary !== 'boolean') fail('is_evolutionary', 'evolutionary');

  const tiers: VariantTierValue[] = [];
  if (evolutionary === true) {
    const sent = Array.isArray(body.tiers) ? body.tiers : [];
    if (sent.length < 2) fail('tiers', 'min_tiers');
    else if (sent.length > VARIANT_LIMITS.maxTiers) fail('tiers', 'max_tiers');
    else {
      sent.forEach((raw, index) => {
        const tier = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
        const n = index + 1;
        const field = (name: string) => `tiers.${index}.${name}`;
        const last = index === sent.length - 1;
        const previous = tiers[index - 1];

        if (tier.tier_level !== n) fail(field('tier_level'), 'tier_level', n);

        const min = tier.min_sales;
        if (index === 0) {
          if (min !== 0) fail(field('min_sales'), 'tier_first_min');
        } else if (!isSalesCount(min) || (previous && (min <= previous.min_sales || (previous.max_sales !== null && min <= previous.max_sales)))) {
          fail(field('min_sales'), 'tier_range', n);
        } else if (previous?.max_sales != null && min !== previous.max_sales + 1) {
          fail(field('min_sales'), 'tier_gap', n);
        }

        const max = tier.max_sales ?? null;
        if (last) {
          if (max !== null) fail(field('max_sales'), 'tier_last_open');
        } else if (!isSalesCount(max) || (isSalesCount(min) && max < min)) {
          fail(field('max_sales'), 'tier_max', n);
        }

        const amount = positiveAmountCents(tier.amount);
        if (amount === null) fail(field('amount'), 'tier_amount', n);
        else if (amount > VARIANT_LIMITS.maxAmountCents) fail(field('amount'), 'amount_too_large');

        tiers.push({
          tier_level: n,
          min_sales: isSalesCount(min) ? min : 0,
          max_sales: isSalesCount(max) ? max : null,
          amount_cents: amount ?? 0,
        });
      });
    }
  }

  if (errors.length) return { ok: false, errors };
  return { ok: true, value: { name, base_amount_cents: baseAmount!, is_evolutionary: evolutionary === true, tiers } };
}

/** How many sales a tier added after the others spans, and how much more it pays than the previous one. */
export const NEW_TIER = { span: 300, raiseCents: 500, openFromPosition: 3 } as const;

/** A new variant in the modal: 20.00 EUR, and (if made evolutionary) two tiers, 0-199 at 20.00 and 200-399 at 25.00. */
export const defaultNewVariant = (): VariantInput => ({
  name: '',
  base_amount: '20.00',
  is_evolutionary: false,
  tiers: [
    { tier_level: 1, min_sales: 0, max_sales: 199, amount: '20.00' },
    { tier_level: 2, min_sales: 200, max_sales: 399, amount: '25.00' },
  ],
});

/** Where the last tier ends when it has to be closed to add one after it: its own maximum, else a span from its minimum. */
const endOf = (tier: VariantTierInput): number => tier.max_sales ?? tier.min_sales + NEW_TIER.span - 1;

/**
 * The tier "Add a tier" appends: it starts after the last one ends, spans 300 sales, pays 5.00 more,
 * and from the third position on it is open-ended (the last tier has no maximum).
 */
export function nextTier(tiers: readonly VariantTierInput[]): VariantTierInput {
  const last = tiers[tiers.length - 1];
  const level = tiers.length + 1;
  if (!last) return { tier_level: 1, min_sales: 0, max_sales: null, amount: '20.00' };
  const min = endOf(last) + 1;
  const amount = centsToDecimal((decimalToCents(last.amount) ?? 0) + NEW_TIER.raiseCents);
  return { tier_level: level, min_sales: min, max_sales: level >= NEW_TIER.openFromPosition ? null : min + NEW_TIER.span - 1, amount };
}

/** The tiers after "Add a tier": the last one closed where it ended, then the next tier. */
export const addTier = (tiers: readonly VariantTierInput[]): VariantTierInput[] => [
  ...tiers.map((tier, index) => (index === tiers.length - 1 ? { ...tier, max_sales: endOf(tier) } : tier)),
  nextTier(tiers),
];

/**
 * The tiers after removing one: refused below two tiers (the spec's message); the others are
 * renumbered and the tier that follows the removed one starts where it started (0 for the first).
 */
export function removeTier(tiers: readonly VariantTierInput[], index: number): { ok: true; tiers: VariantTierInput[] } | { ok: false; msg: string } {
  if (tiers.length <= 2) return { ok: false, msg: VARIANT_MESSAGES.min_tiers };
  const removed = tiers[index];
  if (!removed) return { ok: true, tiers: [...tiers] };
  const kept = tiers.filter((_, i) => i !== index);
  return {
    ok: true,
    tiers: kept.map((tier, i) => ({ ...tier, tier_level: i + 1, ...(i === index ? { min_sales: removed.min_sales } : {}) })),
  };
}

/** What the modal sends: trimmed name, and the tiers only for an evolutionary variant, the last one open-ended. */
export function variantPayload(form: VariantInput): VariantInput {
  return {
    name: form.name.trim(),
    base_amount: form.base_amount.trim(),
    is_evolutionary: form.is_evolutionary,
    tiers: form.is_evolutionary ? form.tiers.map((tier, i) => ({ ...tier, max_sales: i === form.tiers.length - 1 ? null : tier.max_sales })) : [],
  };
}

/** The tier of a variant as the API shows it. */
export type VariantTierOutput = { tier_level: number; min_sales: number; max_sales: number | null; amount: string };

/** A row of GET /ppt-variants and /sales-variants: the variant, when it was created, and how many affiliates have it. */
export type VariantListItem = {
  id: string;
  name: string;
  base_amount: string;
  is_evolutionary: boolean;
  tiers: VariantTierOutput[];
  created_at: string;
  /** How many versions the variant has had (1 = never edited). */
  version: number;
  /** The record's revision: a save sends it back as `expected_revision` and is refused (409) if someone changed the variant since. */
  revision: number;
  affiliate_count: number;
};

/** Which payment type each variants resource of the API holds. */
export const VARIANT_RESOURCES = { ppt: 'ppt-variants', sale: 'sales-variants' } as const;

/** The standard rate of a payment type (what an affiliate without a variant earns per conversion). */
export const STANDARD_RATE_MESSAGE = 'Le montant doit être un nombre positif';

export function checkStandardRate(amount: unknown): { ok: true; cents: number } | { ok: false; msg: string } {
  const cents = positiveAmountCents(amount);
  if (cents === null) return { ok: false, msg: STANDARD_RATE_MESSAGE };
  if (cents > VARIANT_LIMITS.maxAmountCents) return { ok: false, msg: VARIANT_MESSAGES.amount_too_large };
  return { ok: true, cents };
}
