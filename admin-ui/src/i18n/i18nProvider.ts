import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';
import { fr } from './fr';

export const i18nProvider = polyglotI18nProvider((locale) => (locale === 'en' ? en : fr), 'fr', [
  { locale: 'fr', name: 'Français' },
  { locale: 'en', name: 'English' },
]);
