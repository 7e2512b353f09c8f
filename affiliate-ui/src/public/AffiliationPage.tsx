import { useTranslation } from 'react-i18next';
import { UnderConstructionHero } from './UnderConstruction';

/** Spec: title and description only, the programme page is under construction. */
export function AffiliationPage() {
  const { t } = useTranslation('public');
  return <UnderConstructionHero title={t('affiliation.title')} description={t('affiliation.description')} />;
}
