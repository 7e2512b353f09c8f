import { formatEuros, NETWORK_TIME_ZONE } from '@affilux/contract';
import { useLocaleState } from 'react-admin';

export { formatAffiliateId } from '@affilux/contract';

const intlLocale = (locale: string) => (locale === 'fr' ? 'fr-FR' : 'en-GB');

/** Dates in the interface's language and the network's time zone, amounts in euros (decimal strings from the API) French style. */
export const useFormatters = () => {
  const [locale] = useLocaleState();
  return {
    date: (iso: string) =>
      new Date(iso).toLocaleDateString(intlLocale(locale), { day: 'numeric', month: 'long', year: 'numeric', timeZone: NETWORK_TIME_ZONE }),
    dateTime: (iso: string) =>
      new Date(iso).toLocaleString(intlLocale(locale), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: NETWORK_TIME_ZONE }),
    /** In both languages written French style, as the spec asks of amounts ('1 234,56 €'). */
    euros: (amount: string) => formatEuros(amount),
    /** A decimal from the API (an amount '20.00', a rate 12.5) as a field shows it to be edited: '20,00', '12,5' in French. */
    typedDecimal: (value: string | number) => (locale === 'fr' ? String(value).replace('.', ',') : String(value)),
  };
};
