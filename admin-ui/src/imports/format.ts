import { useLocaleState } from 'react-admin';

/** Counts and file sizes in the interface's language (1 234 / 1,234; 12,3 Mo / 12.3 MB). */
export const useCountFormatters = () => {
  const [locale] = useLocaleState();
  const intl = locale === 'fr' ? 'fr-FR' : 'en-GB';
  const count = new Intl.NumberFormat(intl);
  const oneDecimal = new Intl.NumberFormat(intl, { maximumFractionDigits: 1 });
  const units = locale === 'fr' ? ['o', 'Ko', 'Mo', 'Go'] : ['B', 'KB', 'MB', 'GB'];
  return {
    count: (n: number) => count.format(n),
    bytes(n: number) {
      let value = n;
      let unit = 0;
      while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit++;
      }
      return `${unit === 0 ? count.format(value) : oneDecimal.format(value)} ${units[unit]}`;
    },
  };
};
