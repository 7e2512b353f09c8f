import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';
import { Box, Button, Card, Container, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { brand } from '../theme';
import { UnderConstructionHero } from './UnderConstruction';

/** Spec: an empty shell while the page is under construction; it points visitors to the FAQ and support. */
export function AboutPage() {
  const { t } = useTranslation('public');
  return (
    <>
      <UnderConstructionHero title={t('about.title')} description={t('about.description')} />
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
