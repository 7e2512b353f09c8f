import InsightsIcon from '@mui/icons-material/Insights';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Where the global statistics will go; no figure is shown until the statistics module exists. */
export const StatisticsEmptyState = () => {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent sx={{ textAlign: 'center', py: { xs: 4, sm: 6 }, px: 3 }}>
        <Box
          sx={{
            width: 56,
            height: 56,
            mx: 'auto',
            mb: 2,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'text.secondary',
          }}
        >
          <InsightsIcon />
        </Box>
        <Typography variant="subtitle1" component="h2">
          {translate('app.dashboard.stats_empty_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, maxWidth: 560, mx: 'auto' }}>
          {translate('app.dashboard.stats_empty_body')}
        </Typography>
      </CardContent>
    </Card>
  );
};
