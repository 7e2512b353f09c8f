import InsightsIcon from '@mui/icons-material/Insights';
import { Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { HttpError, Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { formatAffiliateId } from '../format';
import { useUserDetail, UserNotFound, UserPageLinks } from './UserDetailPage';

/**
 * /admin/users/:id/statistics: the user's statistics arrive with the figures (a later issue); until
 * then the page says so plainly, with no number, and links back to the list and to the settings.
 */
export const UserStatisticsPage = () => {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const user = useUserDetail(id);
  if (user.isPending) return <LinearProgress sx={{ mt: 4 }} />;
  if (user.isError && user.error instanceof HttpError && user.error.status === 404) return <UserNotFound />;
  const name = user.data ? `${user.data.first_name} ${user.data.last_name}` : '';
  return (
    <Stack spacing={2} sx={{ pb: 3 }} data-testid="user-statistics">
      <Title title="app.users.statistics.title" />
      <UserPageLinks userId={id} to="settings" />
      <Card>
        <CardContent sx={{ textAlign: 'center', py: 5 }}>
          <InsightsIcon sx={{ fontSize: 44, color: 'text.secondary' }} />
          <Typography variant="h6" component="h2">
            {translate('app.users.statistics.coming_title')}
          </Typography>
          {user.data && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {name} · #{user.data.unique_id === null ? '-' : formatAffiliateId(user.data.unique_id)}
            </Typography>
          )}
          <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560, mx: 'auto' }}>
            {translate('app.users.statistics.coming_text')}
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
};
