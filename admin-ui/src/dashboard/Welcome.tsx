import { Box, Typography } from '@mui/material';
import { useGetIdentity, useTranslate } from 'react-admin';
import { brand } from '../theme';

export const Welcome = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <Box
      sx={{
        p: { xs: 2.5, sm: 4 },
        borderRadius: 3,
        color: '#fff',
        backgroundColor: brand.ink,
        backgroundImage: `radial-gradient(60% 90% at 100% 0%, rgba(232, 20, 95, 0.45) 0%, rgba(232, 20, 95, 0) 70%), radial-gradient(50% 80% at 0% 100%, rgba(124, 58, 237, 0.4) 0%, rgba(124, 58, 237, 0) 70%)`,
      }}
    >
      <Typography variant="h5" component="h2">
        {translate('app.dashboard.welcome', { name: identity?.fullName ?? '' })}
      </Typography>
      <Typography sx={{ mt: 1, color: 'rgba(255, 255, 255, 0.78)', maxWidth: 640 }}>
        {translate('app.dashboard.welcome_subtitle')}
      </Typography>
    </Box>
  );
};
