import type { PaymentType, OfferCategory } from './vocabulary';

/** Offers: what the back office writes, what affiliates read, and how an affiliation link is built (spec: Offer, Template). */

export const OFFER_STATUSES = ['active', 'inactive'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** How an offer receives its figures (money.md): the daily statistics import, or a server-to-server postback. */
export const OFFER_INTAKES = ['import', 'postback'] as const;
export type OfferIntake = (typeof OFFER_INTAKES)[number];

/** The brand image's intended size; another ratio is flagged in the form (a warning, not a refusal). */
export const BRAND_IMAGE_SIZE = { width: 1200, height: 350 } as const;
/** Ratios closer than this to 1200:350 count as the same. */
export const BRAND_IMAGE_RATIO_TOLERANCE = 0.02;
export const hasBrandImageRatio = (width: number, height: number): boolean =>
  width > 0 && height > 0 && Math.abs(width / height / (BRAND_IMAGE_SIZE.width / BRAND_IMAGE_SIZE.height) - 1) <= BRAND_IMAGE_RATIO_TOLERANCE;

/** Uploaded images: PNG, JPEG or WebP (checked by content on the server), at most 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';
/** Where an uploaded image is served. */
export const uploadUrl = (name: string): string => `/uploads/${encodeURIComponent(name)}`;

/** Parameters the link builder sets itself: a modulation key may not take their names. */
export const RESERVED_LINK_PARAMETERS = ['source', 'premium', 's1', 's2'] as const;
/** A modulation key becomes a query parameter: letters, digits, '_' and '-', 50 at most. */
export const isModulationKey = (key: string): boolean => /^[A-Za-z0-9_-]{1,50}$/.test(key);

export const OFFER_MESSAGES = {
  brandNameRequired: 'Le nom de la marque est requis',
  categoryRequired: 'La catégorie est requise',
  privateNeedsAffiliates: 'Veuillez entrer au moins un ID affilié valide pour une offre privée',
  fixAffiliateErrors: 'Veuillez corriger les erreurs de validation des affiliés',
  validationFailed: 'Erreur lors de la validation',
  invalidUrl: 'Le lien doit être une adresse http ou https valide',
  unknownAffiliates: 'Aucun affilié ne porte cet ID',
  offerNotFound: 'Offre introuvable',
  templateNotFound: 'Template introuvable',
  invalidTrackers: 'Les trackers ne contiennent que des lettres et des chiffres (10 au plus)',
  noModulationKeys: 'Aucune clé de modulation disponible',
  noTemplates: 'Aucun template disponible pour cette offre',
} as const;

export type ModulationKey = { key: string; description: string };

/** A landing-page template of an offer; `id` is its position (1, 2, ...), the default choice is 1. */
export type OfferTemplate = {
  id: number;
  template_image: string | null;
  template_link: string;
  template_link_ppt: string;
  template_link_sale: string;
  is_modular: boolean;
  modulation_keys: ModulationKey[];
};

export type PrivateAffiliate = { affiliate_unique_id: number; first_name: string; last_name: string };

/** An offer as the back office reads it (GET /offers, GET /offers/{id}). */
export type OfferView = {
  id: string;
  unique_id: number;
  brand_name: string;
  category: OfferCategory;
  status: OfferStatus;
  is_private: boolean;
  brand_image: string | null;
  script_code_ppt: string;
  script_code_sale: string;
  intake: OfferIntake;
  template_count: number;
  private_affiliate_count: number;
  private_affiliate_ids: number[];
  private_affiliates: PrivateAffiliate[];
  templates: OfferTemplate[];
  created_at: string;
  updated_at: string;
  /** The record's revision: a save sends it back as `expected_revision` and is refused (409) if someone changed the offer since. */
  revision: number;
  /** GET /offers/{id} only: the secret a brand's postbacks carry. */
  postback_key?: string;
};

/** An offer as an affiliate reads it (GET /affiliate/offers/available): the script of their payment type in `script_code`. */
export type AffiliateOfferView = {
  id: string;
  unique_id: number;
  brand_name: string;
  brand_image: string | null;
  category: OfferCategory;
  template_count: number;
  templates: OfferTemplate[];
  script_code: string;
  script_code_ppt: string;
  script_code_sale: string;
};

export type Trackers = { tracker1: string; tracker2: string };

/** GET /affiliate/stats/ppt-info. */
export type PptInfo = {
  type: 'standard' | 'variant';
  variant_name: string | null;
  is_evolutionary: boolean;
  amount: string;
  total_essays: number;
  global_essays: number;
  current_tier: number | null;
  tiers: { tier_level: number; min_sales: number; max_sales: number | null; amount: string }[];
};

/** http or https URLs only (no javascript:, data:, file:). */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The template link for a payment type: sale uses template_link_sale, otherwise template_link_ppt, each falling back to template_link. */
export function templateLinkFor(template: Pick<OfferTemplate, 'template_link' | 'template_link_ppt' | 'template_link_sale'>, paymentType: PaymentType): string {
  const specific = paymentType === 'sale' ? template.template_link_sale : template.template_link_ppt;
  return (specific?.trim() || template.template_link?.trim() || '').trim();
}

/** Appends `name=value` pairs (both URL-encoded) to a URL, before its #fragment. */
export function appendQuery(base: string, parameters: [string, string][]): string {
  if (parameters.length === 0) return base;
  const hashAt = base.indexOf('#');
  const [path, fragment] = hashAt === -1 ? [base, ''] : [base.slice(0, hashAt), base.slice(hashAt)];
  const query = parameters.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  const separator = !path.includes('?') ? '?' : path.endsWith('?') || path.endsWith('&') ? '' : '&';
  return `${path}${separator}${query}${fragment}`;
}

export type LinkInput = {
  template: Pick<OfferTemplate, 'template_link' | 'template_link_ppt' | 'template_link_sale' | 'modulation_keys' | 'is_modular'>;
  paymentType: PaymentType;
  /** The affiliate's unique id (sent padded to 5 digits). */
  uniqueId: number;
  trackers: Trackers;
  /** Values typed for the template's modulation keys. */
  modulation?: Record<string, string>;
};

/**
 * The affiliation link (spec 5): the template link of the payment type, then source (5-digit id),
 * premium (true for sale), s1 and s2 when non-blank, and one parameter per filled modulation key,
 * in the template's key order. Null when the template has no link.
 */
export function buildAffiliationLink({ template, paymentType, uniqueId, trackers, modulation = {} }: LinkInput): string | null {
  const base = templateLinkFor(template, paymentType);
  if (!base) return null;
  const parameters: [string, string][] = [
    ['source', String(uniqueId).padStart(5, '0')],
    ['premium', paymentType === 'sale' ? 'true' : 'false'],
  ];
  if (trackers.tracker1.trim()) parameters.push(['s1', trackers.tracker1.trim()]);
  if (trackers.tracker2.trim()) parameters.push(['s2', trackers.tracker2.trim()]);
  if (template.is_modular) {
    for (const { key } of template.modulation_keys) {
      const value = modulation[key]?.trim();
      if (value) parameters.push([key, value]);
    }
  }
  return appendQuery(base, parameters);
}

/** The script of an offer for a payment type, or '' when it has none. */
export const scriptFor = (offer: { script_code_ppt: string; script_code_sale: string }, paymentType: PaymentType): string =>
  (paymentType === 'sale' ? offer.script_code_sale : offer.script_code_ppt)?.trim() ?? '';

/** The tracking script with source, s1 and s2 appended to the URL of its src attribute (unchanged when it has none). */
export function buildTrackingScript(script: string, uniqueId: number, trackers: Trackers): string {
  return script.replace(/(\bsrc\s*=\s*)(["'])([^"']*)\2/i, (_match, attribute: string, quote: string, url: string) =>
    `${attribute}${quote}${appendQuery(url, [['source', String(uniqueId).padStart(5, '0')], ['s1', trackers.tracker1.trim()], ['s2', trackers.tracker2.trim()]])}${quote}`,
  );
}

export type TierStatus = 'current' | 'upcoming' | 'completed';

/** Spec 4: current if it is the current tier; upcoming if the week's conversions are below its minimum; otherwise completed. */
export function tierStatus(tier: { tier_level: number; min_sales: number }, currentTier: number | null, conversions: number): TierStatus {
  if (tier.tier_level === currentTier) return 'current';
  if (conversions < tier.min_sales) return 'upcoming';
  return 'completed';
}

/** The tier whose [min_sales, max_sales] holds `conversions` (the last one when past every range). */
export function tierOf<T extends { tier_level: number; min_sales: number; max_sales: number | null }>(tiers: readonly T[], conversions: number): T | null {
  const sorted = [...tiers].sort((a, b) => a.tier_level - b.tier_level);
  return sorted.find((t) => conversions >= t.min_sales && (t.max_sales === null || conversions <= t.max_sales)) ?? sorted.filter((t) => conversions >= t.min_sales).pop() ?? sorted[0] ?? null;
}
