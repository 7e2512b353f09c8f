export const affiliateLocales = { fr: {}, en: {} };
