import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../layout/usePageTitle';

/** The frame of the layout-less pages (login, register, reset password): brand, title, a card, a way home. */
export function AuthCard({ title, subtitle, children, maxWidth = 440 }: { title: string; subtitle?: string; children: ReactNode; maxWidth?: number }) {
  const { t } = useTranslation('auth');
  usePageTitle(title);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: (theme) => `linear-gradient(135deg, ${theme.palette.grey[100]} 0%, ${theme.palette.background.default} 60%)`,
      }}
    >
      <Stack spacing={2} sx={{ width: '100%', maxWidth }}>
        <Link component={RouterLink} to="/" underline="none" sx={{ alignSelf: 'center' }}>
          <Typography variant="h5" component="span" sx={{ fontWeight: 800, color: 'primary.main' }}>
            {t('brand')}
          </Typography>
        </Link>
        <Paper elevation={0} sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3, border: 1, borderColor: 'divider' }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Paper>
        <Link component={RouterLink} to="/" variant="body2" sx={{ alignSelf: 'center' }} color="text.secondary">
          {t('backHome')}
        </Link>
      </Stack>
    </Box>
  );
}
