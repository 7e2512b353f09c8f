import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { paymentLocales } from '../affiliate/account/paymentLocales';
import { affiliateLocales } from '../affiliate/locales';
import { authLocales } from '../auth/locales';
import { layoutLocales } from '../layout/locales';
import { offersLocales } from '../offers/locales';
import { paymentsLocales } from '../payments/locales';
import { publicLocales } from '../public/locales';
import { referralLocales } from '../referral/locales';
import { statsLocales } from '../stats/locales';

export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * One namespace per folder: `layout` (header, footer, shared words), `public` (public pages),
 * `auth` (login, register, reset, session toasts), `affiliate` (the affiliate area), `payment` (the
 * account page's payment method card and variation history), `payments` (/affiliate/payments),
 * `referral` (/affiliate/referral).
 * Detection follows the spec: stored preference, then the browser, then the page's lang attribute.
 */
// Registered before init, so the language detected at start-up reaches <html lang> too.
i18n.on('languageChanged', (lng) => document.documentElement.setAttribute('lang', lng));

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: {
      fr: { layout: layoutLocales.fr, public: publicLocales.fr, auth: authLocales.fr, affiliate: affiliateLocales.fr, offers: offersLocales.fr, payment: paymentLocales.fr, payments: paymentsLocales.fr, referral: referralLocales.fr, stats: statsLocales.fr },
      en: { layout: layoutLocales.en, public: publicLocales.en, auth: authLocales.en, affiliate: affiliateLocales.en, offers: offersLocales.en, payment: paymentLocales.en, payments: paymentsLocales.en, referral: referralLocales.en, stats: statsLocales.en },
    },
    fallbackLng: 'fr',
    supportedLngs: LANGUAGES,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    defaultNS: 'layout',
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator', 'htmlTag'],
      lookupLocalStorage: 'language',
      caches: ['localStorage'],
      // A browser's en-US is remembered as en, the language the switcher toggles.
      convertDetectedLanguage: (lng: string) => lng.split('-')[0]!,
    },
  });

export default i18n;
