import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Typography } from '@mui/material';

/** What a list shows when it has nothing (or nothing matches). */
export const EmptyState = ({ icon: Icon, text, testId }: { icon: SvgIconComponent; text: string; testId: string }) => (
  <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }} data-testid={testId}>
    <Icon sx={{ fontSize: 44, opacity: 0.5 }} />
    <Typography>{text}</Typography>
  </Box>
);
