import { Box, Container, Divider, Link, Stack, Typography } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { brand, darkSurfaceTheme } from '../theme';
import { ContactDetails } from './ContactDetails';
import { Logo } from './Logo';
import { NewsletterForm } from './NewsletterForm';

const FOOTER_LINKS = [
  { to: '/terms', labelKey: 'footer.terms', testId: 'footer-terms' },
  { to: '/faq', labelKey: 'footer.faq', testId: 'footer-faq' },
  { to: '/contact', labelKey: 'footer.contact', testId: 'footer-contact' },
] as const;

function ColumnTitle({ children }: { children: string }) {
  return (
    <Typography variant="subtitle1" component="h2" gutterBottom>
      {children}
    </Typography>
  );
}

export function PublicFooter() {
  const { t } = useTranslation('layout');
  return (
    <ThemeProvider theme={darkSurfaceTheme}>
      <Box component="footer" data-testid="public-footer" sx={{ backgroundColor: brand.ink, color: 'text.primary', pt: { xs: 6, md: 8 }, pb: 4 }}>
        <Container maxWidth="lg">
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 5, md: 6 },
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1.4fr 0.7fr 1fr 1.4fr' },
            }}
          >
            <Box>
              <Logo />
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2, maxWidth: 340, lineHeight: 1.7 }}>
                {t('footer.tagline')}
              </Typography>
            </Box>
            <Box component="nav" aria-label={t('footer.navigation')}>
              <ColumnTitle>{t('footer.navigation')}</ColumnTitle>
              <Stack spacing={1.25} sx={{ mt: 1.5 }}>
                {FOOTER_LINKS.map((link) => (
                  <Link key={link.to} component={RouterLink} to={link.to} color="text.secondary" data-testid={link.testId} sx={{ '&:hover': { color: 'text.primary' } }}>
                    {t(link.labelKey)}
                  </Link>
                ))}
              </Stack>
            </Box>
            <Box>
              <ColumnTitle>{t('footer.support')}</ColumnTitle>
              <Box sx={{ mt: 1.5 }}>
                <ContactDetails />
              </Box>
            </Box>
            <NewsletterForm />
          </Box>
          <Divider sx={{ my: 4 }} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', color: 'text.secondary' }}>
            <Typography variant="caption" data-testid="copyright">
              {t('footer.copyright', { year: new Date().getFullYear() })}
            </Typography>
            <Typography variant="caption">{t('footer.adultNotice')}</Typography>
          </Stack>
        </Container>
      </Box>
    </ThemeProvider>
  );
}
