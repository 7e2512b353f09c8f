import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';
import { Box, Button, Card, Chip, Container, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../layout/usePageTitle';
import { brand } from '../theme';
import { PageHero } from './PageHero';

/**
 * A public page whose content is not written yet (spec: /affiliation and /about are under
 * construction): its title and description, and a notice pointing to the FAQ and support.
 */
export function UnderConstructionPage({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation('public');
  usePageTitle(title);
  return (
    <>
      <PageHero title={title} subtitle={description}>
        <Chip icon={<ConstructionRoundedIcon />} label={t('underConstruction.badge')} color="primary" variant="outlined" data-testid="under-construction" />
      </PageHero>
      <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
        <Card sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Box
            sx={{
              width: 64,
              height: 64,
              mx: 'auto',
              mb: 2,
              borderRadius: 4,
              display: 'grid',
              placeItems: 'center',
              color: 'primary.main',
              backgroundColor: alpha(brand.pink, 0.08),
            }}
          >
            <ConstructionRoundedIcon fontSize="large" />
          </Box>
          <Typography variant="h5" component="h2" gutterBottom>
            {t('underConstruction.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('underConstruction.text')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to="/faq" variant="contained">
              {t('underConstruction.faq')}
            </Button>
            <Button component={RouterLink} to="/contact" variant="outlined">
              {t('underConstruction.contact')}
            </Button>
          </Stack>
        </Card>
      </Container>
    </>
  );
}
