import * as managers from '../managers/i18n';
import * as messages from '../messages/i18n';
import * as variants from '../variants/i18n';

/** The catalogue screens' translations (each in its folder), spread into `app` by fr.ts and en.ts. */
export const catalogue = {
  fr: { ...managers.fr, ...messages.fr, ...variants.fr },
  en: { ...managers.en, ...messages.en, ...variants.en },
};
