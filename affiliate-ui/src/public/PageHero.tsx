import { Box, Container, Typography } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { brand, darkSurfaceTheme } from '../theme';

/** The dark title band at the top of every inner public page. */
export function PageHero({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <ThemeProvider theme={darkSurfaceTheme}>
      <Box
        component="section"
        sx={{
          backgroundColor: brand.ink,
          backgroundImage: brand.heroGlow,
          color: 'text.primary',
          pt: { xs: 6, md: 9 },
          pb: { xs: 6, md: 8 },
        }}
      >
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography variant="h2" component="h1" data-testid="page-title">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="h6" component="p" sx={{ color: 'text.secondary', fontWeight: 400, fontSize: { xs: '1.05rem', sm: '1.25rem' }, mt: 2, maxWidth: 640, mx: 'auto' }}>
              {subtitle}
            </Typography>
          )}
          {children && <Box sx={{ mt: 4 }}>{children}</Box>}
        </Container>
      </Box>
    </ThemeProvider>
  );
}
