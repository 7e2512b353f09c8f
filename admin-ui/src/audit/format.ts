import { formatAffiliateId, formatPercent, NETWORK_TIME_ZONE } from '@affilux/contract';
import { useLocaleState } from 'react-admin';
import { useFormatters } from '../format';

/** The audit screens' figures: instants to the second in the network's time, euros, affiliate ids. */
export const useAuditFormat = () => {
  const [locale] = useLocaleState();
  const { euros, date } = useFormatters();
  const intl = locale === 'fr' ? 'fr-FR' : 'en-GB';
  return {
    euros,
    date,
    instant: (iso: string) =>
      new Date(iso).toLocaleString(intl, { timeZone: NETWORK_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    day: (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString(intl, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
    affiliate: (uniqueId: number | null) => (uniqueId === null ? '—' : `#${formatAffiliateId(uniqueId)}`),
    count: (n: number) => n.toLocaleString(intl),
    decimal: (n: number, digits: number) => n.toLocaleString(intl, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    percent: formatPercent,
  };
};
