import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A section of the user detail page: a titled card with its action buttons. */
export const Section = ({ title, icon, actions, testId, children }: { title: string; icon: ReactNode; actions?: ReactNode; testId: string; children: ReactNode }) => (
  <Card data-testid={testId} component="section" aria-label={title}>
    <CardContent>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {actions && <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>{actions}</Stack>}
      </Stack>
      {children}
    </CardContent>
  </Card>
);

/** A labelled value inside a section. */
export const Field = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line', fontWeight: 500 }} data-testid={testId}>
      {children}
    </Typography>
  </Box>
);

/** Fields in one or two columns. */
export const Fields = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>{children}</Box>
);
