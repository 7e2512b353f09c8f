export const authLocales = { fr: {}, en: {} };
