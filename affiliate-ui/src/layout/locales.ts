export const layoutLocales = { fr: {}, en: {} };
