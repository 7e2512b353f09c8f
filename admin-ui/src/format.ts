import { useLocaleState } from 'react-admin';

/** Unique ids (affiliate ids, referral codes) are always shown on 5 digits. */
export const padUniqueId = (id: number): string => String(id).padStart(5, '0');

const intlLocale = (locale: string) => (locale === 'fr' ? 'fr-FR' : 'en-GB');

/** Dates in the interface's language, amounts in euros (decimal strings from the API). */
export const useFormatters = () => {
  const [locale] = useLocaleState();
  return {
    date: (iso: string) =>
      new Date(iso).toLocaleDateString(intlLocale(locale), { day: 'numeric', month: 'long', year: 'numeric' }),
    euros: (amount: string) =>
      new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: 'EUR' }).format(Number(amount)),
  };
};
