import BarChartIcon from '@mui/icons-material/BarChart';
import SettingsIcon from '@mui/icons-material/Settings';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link, useBasename, useTranslate } from 'react-admin';
import { formatAffiliateId } from '../format';
import type { User } from '../types';
import { FrozenChip, VerifiedChip } from './UserChips';

/** A search result: id, name, username, FROZEN and Verified badges, email, statistics and settings links. */
export const UserResultCard = ({ user }: { user: User }) => {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Card data-testid={`user-result-${user.id}`}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
              {user.first_name} {user.last_name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.username ? `@${user.username}` : translate('app.users.no_username')}
            </Typography>
          </Box>
          {user.unique_id !== null && (
            <Chip size="small" variant="outlined" label={`#${formatAffiliateId(user.unique_id)}`} sx={{ fontFamily: 'monospace' }} />
          )}
        </Stack>
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
        <Stack direction="row" sx={{ mt: 1, gap: 0.75, flexWrap: 'wrap' }}>
          {user.is_frozen && <FrozenChip />}
          {user.email_verified && <VerifiedChip />}
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1, justifyContent: 'flex-end' }}>
        <Button size="small" component={Link} to={`${basename}/users/${user.id}/statistics`} startIcon={<BarChartIcon />}>
          {translate('app.users.links.statistics')}
        </Button>
        <Button size="small" variant="contained" component={Link} to={`${basename}/users/${user.id}/settings`} startIcon={<SettingsIcon />} data-testid={`user-settings-link-${user.id}`}>
          {translate('app.users.links.settings')}
        </Button>
      </CardActions>
    </Card>
  );
};
