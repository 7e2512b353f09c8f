import { useLocaleState } from 'react-admin';

/** Instants with their time (last connection, rate periods), in the interface's language and the browser's zone. */
export const useDateTime = () => {
  const [locale] = useLocaleState();
  const format = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
};
