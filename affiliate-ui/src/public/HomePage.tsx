import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import CurrencyBitcoinRoundedIcon from '@mui/icons-material/CurrencyBitcoinRounded';
import DiamondRoundedIcon from '@mui/icons-material/DiamondRounded';
import HeadsetMicRoundedIcon from '@mui/icons-material/HeadsetMicRounded';
import ShieldRoundedIcon from '@mui/icons-material/ShieldRounded';
import { Box, Button, Card, Chip, Container, Stack, Typography } from '@mui/material';
import { alpha, ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../layout/usePageTitle';
import { brand, darkSurfaceTheme } from '../theme';
import { minPayout } from './payout';

const FEATURES = [
  { key: 'secure', icon: <ShieldRoundedIcon /> },
  { key: 'premium', icon: <DiamondRoundedIcon /> },
  { key: 'crypto', icon: <CurrencyBitcoinRoundedIcon /> },
  { key: 'support', icon: <HeadsetMicRoundedIcon /> },
] as const;

const HERO_FACTS = ['review', 'payday', 'threshold', 'trackers'] as const;

const STEPS = ['apply', 'review', 'earn'] as const;

function SectionHeading({ eyebrow, title, subtitle }: { eyebrow: string; title: string; subtitle?: string }) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 680, mx: 'auto', mb: { xs: 5, md: 7 } }}>
      <Typography variant="overline" sx={{ color: 'primary.main' }}>
        {eyebrow}
      </Typography>
      <Typography variant="h3" component="h2" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="h6" component="p" sx={{ color: 'text.secondary', fontWeight: 400, mt: 2 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}

function IconTile({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        width: 52,
        height: 52,
        borderRadius: 3.5,
        display: 'grid',
        placeItems: 'center',
        color: '#fff',
        backgroundImage: brand.gradient,
        boxShadow: `0 10px 24px ${alpha(brand.pink, 0.3)}`,
        '& svg': { fontSize: 26 },
      }}
    >
      {children}
    </Box>
  );
}

function Hero() {
  const { t } = useTranslation('public');
  return (
    <ThemeProvider theme={darkSurfaceTheme}>
      <Box
        component="section"
        data-testid="home-hero"
        sx={{
          position: 'relative',
          overflow: 'hidden',
          backgroundColor: brand.ink,
          backgroundImage: brand.heroGlow,
          color: 'text.primary',
          pt: { xs: 7, md: 12 },
          pb: { xs: 8, md: 14 },
        }}
      >
        {/* Faint grid, faded towards the edges, for depth behind the copy. */}
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            backgroundImage:
              'linear-gradient(rgba(255,255,255,0.045) 1px, transparent 1px), linear-gradient(90deg, rgba(255,255,255,0.045) 1px, transparent 1px)',
            backgroundSize: '56px 56px',
            maskImage: 'radial-gradient(ellipse 70% 60% at 50% 40%, #000 30%, transparent 80%)',
          }}
        />
        <Container maxWidth="lg" sx={{ position: 'relative' }}>
          <Box sx={{ display: 'grid', gap: { xs: 6, md: 8 }, gridTemplateColumns: { xs: '1fr', md: '1.25fr 0.85fr' }, alignItems: 'center' }}>
            <Box>
              <Chip
                label={t('home.hero.eyebrow')}
                size="small"
                sx={{ mb: 3, color: '#ffb3cf', backgroundColor: alpha(brand.pink, 0.14), border: `1px solid ${alpha(brand.pink, 0.35)}` }}
              />
              <Typography variant="h1" sx={{ fontSize: { xs: '2.4rem', sm: '3.2rem', md: '3.9rem' } }}>
                {t('home.hero.title')}
              </Typography>
              <Typography variant="h6" component="p" sx={{ color: 'text.secondary', fontWeight: 400, fontSize: { xs: '1.05rem', sm: '1.25rem' }, mt: 3, maxWidth: 580, lineHeight: 1.6 }}>
                {t('home.hero.subtitle')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 5 }}>
                <Button
                  component={RouterLink}
                  to="/register"
                  variant="contained"
                  size="large"
                  endIcon={<ArrowForwardRoundedIcon />}
                  data-testid="hero-start"
                >
                  {t('home.hero.start')}
                </Button>
                <Button component={RouterLink} to="/faq" variant="outlined" color="inherit" size="large" sx={{ borderColor: 'divider' }}>
                  {t('home.hero.faq')}
                </Button>
              </Stack>
            </Box>
            <Card
              sx={{
                p: { xs: 3, sm: 4 },
                backgroundColor: alpha('#ffffff', 0.04),
                backdropFilter: 'blur(12px)',
                borderColor: alpha('#ffffff', 0.12),
                boxShadow: `0 30px 80px ${alpha('#000000', 0.45)}`,
              }}
            >
              <Typography variant="overline" sx={{ color: 'text.secondary' }}>
                {t('home.hero.panelTitle')}
              </Typography>
              <Stack spacing={2.25} sx={{ mt: 2 }}>
                {HERO_FACTS.map((fact) => (
                  <Stack key={fact} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    <CheckCircleRoundedIcon sx={{ color: 'primary.light' }} />
                    <Typography sx={{ fontWeight: 600 }}>{t(`home.hero.facts.${fact}`, { minPayout })}</Typography>
                  </Stack>
                ))}
              </Stack>
            </Card>
          </Box>
        </Container>
      </Box>
    </ThemeProvider>
  );
}

function Features() {
  const { t } = useTranslation('public');
  return (
    <Container component="section" maxWidth="lg" sx={{ py: { xs: 8, md: 12 } }}>
      <SectionHeading eyebrow={t('home.features.eyebrow')} title={t('home.features.title')} subtitle={t('home.features.subtitle')} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
        {FEATURES.map((feature) => (
          <Card
            key={feature.key}
            data-testid={`feature-${feature.key}`}
            sx={{ p: 3.5, transition: 'transform 200ms ease, box-shadow 200ms ease', '&:hover': { transform: 'translateY(-4px)' } }}
          >
            <IconTile>{feature.icon}</IconTile>
            <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
              {t(`home.features.${feature.key}.title`)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', lineHeight: 1.7 }}>
              {t(`home.features.${feature.key}.text`, { minPayout })}
            </Typography>
          </Card>
        ))}
      </Box>
    </Container>
  );
}

function Steps() {
  const { t } = useTranslation('public');
  return (
    <Box component="section" sx={{ backgroundColor: 'background.paper', borderBlock: '1px solid', borderColor: 'divider', py: { xs: 8, md: 12 } }}>
      <Container maxWidth="lg">
        <SectionHeading eyebrow={t('home.steps.eyebrow')} title={t('home.steps.title')} />
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: { xs: 4, md: 5 }, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {STEPS.map((step, index) => (
            <Box component="li" key={step}>
              <Typography
                aria-hidden
                sx={{
                  fontSize: 44,
                  fontWeight: 800,
                  lineHeight: 1,
                  backgroundImage: brand.gradient,
                  backgroundClip: 'text',
                  WebkitBackgroundClip: 'text',
                  color: 'transparent',
                }}
              >
                {String(index + 1).padStart(2, '0')}
              </Typography>
              <Typography variant="h6" component="h3" sx={{ mt: 2, mb: 1 }}>
                {t(`home.steps.${step}.title`)}
              </Typography>
              <Typography sx={{ color: 'text.secondary', lineHeight: 1.7 }}>{t(`home.steps.${step}.text`)}</Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}

function ClosingCallToAction() {
  const { t } = useTranslation('public');
  return (
    <Container component="section" maxWidth="lg" sx={{ py: { xs: 8, md: 12 } }}>
      <Box
        data-testid="home-cta"
        sx={{
          position: 'relative',
          overflow: 'hidden',
          borderRadius: 6,
          px: { xs: 3, sm: 6, md: 10 },
          py: { xs: 6, md: 9 },
          textAlign: 'center',
          color: '#fff',
          backgroundColor: brand.ink,
          backgroundImage: `radial-gradient(80% 120% at 100% 0%, ${alpha(brand.pink, 0.55)} 0%, transparent 60%), radial-gradient(70% 120% at 0% 100%, ${alpha(brand.violet, 0.6)} 0%, transparent 60%)`,
        }}
      >
        <Typography variant="h3" component="h2">
          {t('home.cta.title')}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 400, opacity: 0.8, mt: 2, maxWidth: 560, mx: 'auto' }}>
          {t('home.cta.text')}
        </Typography>
        <Button
          component={RouterLink}
          to="/register"
          size="large"
          variant="contained"
          color="inherit"
          endIcon={<ArrowForwardRoundedIcon />}
          data-testid="cta-register"
          sx={{ mt: 4, color: brand.ink, backgroundColor: '#fff', '&:hover': { backgroundColor: '#f1eef7' } }}
        >
          {t('home.cta.button')}
        </Button>
      </Box>
    </Container>
  );
}

export function HomePage() {
  const { t } = useTranslation('public');
  usePageTitle(t('home.pageTitle'));
  return (
    <>
      <Hero />
      <Features />
      <Steps />
      <ClosingCallToAction />
    </>
  );
}
