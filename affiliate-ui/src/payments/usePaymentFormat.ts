import { NETWORK_TIME_ZONE } from '@affilux/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates in the interface language: an instant in Paris time, or a calendar day (YYYY-MM-DD) as it is. */
export function usePaymentFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'en' ? 'en-GB' : 'fr-FR';
  return useMemo(() => {
    const instant = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: NETWORK_TIME_ZONE });
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    return {
      date: (iso: string | null | undefined) => (iso ? instant.format(new Date(iso)) : '-'),
      day: (ymd: string) => day.format(new Date(`${ymd.slice(0, 10)}T00:00:00Z`)),
    };
  }, [locale]);
}
