import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../layout/usePageTitle';
import { PageHero } from './PageHero';

/** Title band of a public page whose content is not written yet (spec: /affiliation and /about). */
export function UnderConstructionHero({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation('public');
  usePageTitle(title);
  return (
    <PageHero title={title} subtitle={description}>
      <Chip icon={<ConstructionRoundedIcon />} label={t('underConstruction.badge')} color="primary" variant="outlined" data-testid="under-construction" />
    </PageHero>
  );
}
