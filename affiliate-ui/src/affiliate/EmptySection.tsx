import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../layout/usePageTitle';

type Section = 'dashboard' | 'offers' | 'stats';

/** A page of the affiliate area with nothing to show yet: its title and what will appear there. */
export function EmptySection({ section, icon, children }: { section: Section; icon: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation('affiliate');
  usePageTitle(t(`${section}.title`));
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t(`${section}.title`)}
      </Typography>
      {children}
      <Paper variant="outlined" sx={{ p: { xs: 4, sm: 6 }, borderRadius: 3, textAlign: 'center' }} data-testid={`${section}-empty`}>
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 56 } }}>{icon}</Box>
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          {t(`${section}.emptyTitle`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}>
          {t(`${section}.emptyText`)}
        </Typography>
      </Paper>
    </>
  );
}
