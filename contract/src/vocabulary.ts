/**
 * The lists an application and a profile are made of (spec: profile types, 19 countries, traffic
 * sources, categories, payment types) and their labels in French and English.
 */
export const PROFILE_TYPES = ['beginner', 'individual', 'website', 'network', 'traffic_buyer', 'agency'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

/** Sent to the API as these English keys. */
export const COUNTRIES = [
  'France', 'Belgium', 'Switzerland', 'Canada', 'USA', 'UK', 'Germany', 'Spain', 'Italy', 'Netherlands', 'Poland',
  'Brazil', 'Argentina', 'Mexico', 'India', 'Singapore', 'Japan', 'South Korea', 'other',
] as const;
export type Country = (typeof COUNTRIES)[number];

export const TRAFFIC_SOURCES = ['SEO', 'Twitter', 'Facebook', 'Instagram', 'TikTok', 'YouTube', 'Snapchat', 'other'] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

export const PAYMENT_TYPES = ['ppt', 'sale'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Offer categories of the offer form. */
export const OFFER_CATEGORIES = ['Dating', 'Cams', 'Adult Games', 'Casino'] as const;
export type OfferCategory = (typeof OFFER_CATEGORIES)[number];

type Labels = { profileTypes: Record<ProfileType, string>; countries: Record<Country, string>; trafficSources: { other: string } };

export const applicationLabels: { fr: Labels; en: Labels } = {
  fr: {
    profileTypes: {
      beginner: 'Débutant',
      individual: 'Media buyer, éditeur ou affilié',
      website: "Propriétaire de site web ou d'application",
      network: "Réseau d'affiliation",
      traffic_buyer: 'Acheteur de trafic (réseau de trafic)',
      agency: 'Agence de media buying',
    },
    countries: {
      France: 'France', Belgium: 'Belgique', Switzerland: 'Suisse', Canada: 'Canada', USA: 'États-Unis', UK: 'Royaume-Uni',
      Germany: 'Allemagne', Spain: 'Espagne', Italy: 'Italie', Netherlands: 'Pays-Bas', Poland: 'Pologne', Brazil: 'Brésil',
      Argentina: 'Argentine', Mexico: 'Mexique', India: 'Inde', Singapore: 'Singapour', Japan: 'Japon', 'South Korea': 'Corée du Sud',
      other: 'Autre',
    },
    trafficSources: { other: 'Autre' },
  },
  en: {
    profileTypes: {
      beginner: 'Beginner',
      individual: 'Media buyer, publisher or affiliate',
      website: 'Website or app owner',
      network: 'Affiliate network',
      traffic_buyer: 'Traffic buyer (traffic network)',
      agency: 'Media buying agency',
    },
    countries: {
      France: 'France', Belgium: 'Belgium', Switzerland: 'Switzerland', Canada: 'Canada', USA: 'USA', UK: 'United Kingdom',
      Germany: 'Germany', Spain: 'Spain', Italy: 'Italy', Netherlands: 'Netherlands', Poland: 'Poland', Brazil: 'Brazil',
      Argentina: 'Argentina', Mexico: 'Mexico', India: 'India', Singapore: 'Singapore', Japan: 'Japan', 'South Korea': 'South Korea',
      other: 'Other',
    },
    trafficSources: { other: 'Other' },
  },
};
