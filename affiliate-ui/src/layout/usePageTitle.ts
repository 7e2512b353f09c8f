import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title for the current page, following the language. */
export function usePageTitle(page: string) {
  const { t } = useTranslation('layout');
  useEffect(() => {
    document.title = t('pageTitle', { page });
  }, [page, t]);
}
