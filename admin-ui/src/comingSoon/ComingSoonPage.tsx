import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Link, Title, useBasename, useTranslate } from 'react-admin';

/**
 * The sections of the admin shell whose screens come with the catalogue work: the menu keeps their
 * entries, and their routes say plainly that the screen is not available yet.
 */
export const ComingSoonPage = ({ labelKey }: { labelKey: string }) => {
  const translate = useTranslate();
  const basename = useBasename();
  const section = translate(labelKey);
  return (
    <Card sx={{ maxWidth: 640, mx: 'auto', mt: { xs: 1, sm: 4 } }} data-testid="coming-soon">
      <Title title={section} />
      <CardContent sx={{ textAlign: 'center', py: 5, px: 3 }}>
        <Box sx={{ color: 'text.secondary', mb: 1 }}>
          <ConstructionIcon sx={{ fontSize: 44 }} />
        </Box>
        <Typography variant="h6" component="h2">
          {translate('app.coming_soon.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.coming_soon.body', { section })}
        </Typography>
        <Button component={Link} to={`${basename}/applications`} variant="contained" sx={{ mt: 3 }}>
          {translate('app.coming_soon.to_applications')}
        </Button>
      </CardContent>
    </Card>
  );
};
