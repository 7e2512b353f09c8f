import { NETWORK_TIME_ZONE } from '@affilux/contract';
import { useLocaleState } from 'react-admin';

/** Instants with their time (last connection, rate periods), in the interface's language and the network's time zone. */
export const useDateTime = () => {
  const [locale] = useLocaleState();
  const format = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: NETWORK_TIME_ZONE });
  return (iso: string) => format.format(new Date(iso));
};
