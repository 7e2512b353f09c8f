import { formatAffiliateId, type AffiliateOfferView } from '@affilux/contract';

/** The offers whose brand name, category or ID (as shown, 5 digits) contains `query`, ignoring case. */
export function filterOffers(offers: readonly AffiliateOfferView[], query: string): AffiliateOfferView[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...offers];
  return offers.filter((o) => o.brand_name.toLowerCase().includes(q) || o.category.toLowerCase().includes(q) || formatAffiliateId(o.unique_id).includes(q));
}

/** What the page keeps per offer (spec: template_id default 1, trackers), plus the typed modulation values. */
export type OfferChoice = { templateId: number; tracker1: string; tracker2: string; modulation: Record<string, string> };
export const DEFAULT_CHOICE: OfferChoice = { templateId: 1, tracker1: '', tracker2: '', modulation: {} };

/** The chosen template, or the first one when the choice no longer exists. */
export const chosenTemplate = <T extends { id: number }>(templates: readonly T[], templateId: number): T | undefined =>
  templates.find((t) => t.id === templateId) ?? templates[0];
