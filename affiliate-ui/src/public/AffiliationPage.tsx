import { useTranslation } from 'react-i18next';
import { UnderConstructionPage } from './UnderConstruction';

export function AffiliationPage() {
  const { t } = useTranslation('public');
  return <UnderConstructionPage title={t('affiliation.title')} description={t('affiliation.description')} />;
}
