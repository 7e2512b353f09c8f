export const publicLocales = { fr: {}, en: {} };
