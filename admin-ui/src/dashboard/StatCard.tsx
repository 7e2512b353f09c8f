import { Box, Card, CardContent, Typography } from '@mui/material';
import { formatCount } from '@affilux/contract';
import type { ReactNode } from 'react';

/** A figure of the dashboard: its label, the value (a count French style), and a line below (a hint or an arrow). */
export const StatCard = ({ label, value, icon, children, testId }: { label: string; value: ReactNode; icon: ReactNode; children?: ReactNode; testId: string }) => (
  <Card data-testid={testId} sx={{ height: '100%' }}>
    <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Box sx={{ p: 1, borderRadius: 2, bgcolor: 'action.hover', color: 'primary.main', display: 'flex' }}>{icon}</Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" color="text.secondary">{label}</Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, my: 0.25 }} data-testid={`${testId}-value`}>{typeof value === 'number' ? formatCount(value) : value}</Typography>
        {children}
      </Box>
    </CardContent>
  </Card>
);

/** Cards in a responsive grid: one column on a phone, two on a tablet, four on a desktop. */
export const CardGrid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>{children}</Box>
);
