import ApplicationsIcon from '@mui/icons-material/AssignmentInd';
import { Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { Link, useBasename, useTranslate } from 'react-admin';
import { useApplicationCounts } from '../applications/useApplicationCounts';

/** The one figure the back office already has: applications waiting for a decision. */
export const PendingApplications = () => {
  const translate = useTranslate();
  const basename = useBasename();
  const counts = useApplicationCounts();
  const pending = counts.data?.pending;

  return (
    <Card>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ p: 1.25, borderRadius: 2, bgcolor: 'warning.light', color: 'warning.contrastText', display: 'flex' }}>
          <ApplicationsIcon />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2">
            {translate('app.dashboard.pending_title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="dashboard-pending" sx={{ mt: 0.5 }}>
            {counts.isPending ? (
              <Skeleton width={220} />
            ) : counts.isError ? (
              translate('app.dashboard.pending_error')
            ) : pending ? (
              translate('app.dashboard.pending_count', { smart_count: pending })
            ) : (
              translate('app.dashboard.pending_none')
            )}
          </Typography>
          <Button
            component={Link}
            to={{ pathname: `${basename}/applications`, search: `filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}` }}
            size="small"
            variant="outlined"
            sx={{ mt: 1.5 }}
          >
            {translate('app.dashboard.review_applications')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
};
