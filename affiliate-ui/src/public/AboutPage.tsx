import { useTranslation } from 'react-i18next';
import { UnderConstructionPage } from './UnderConstruction';

export function AboutPage() {
  const { t } = useTranslation('public');
  return <UnderConstructionPage title={t('about.title')} description={t('about.description')} />;
}
