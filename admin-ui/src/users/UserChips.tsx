import AcUnitIcon from '@mui/icons-material/AcUnit';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

export const FrozenChip = () => {
  const translate = useTranslate();
  return <Chip size="small" color="error" icon={<AcUnitIcon />} label={translate('app.users.badges.frozen')} data-testid="badge-frozen" />;
};

export const VerifiedChip = () => {
  const translate = useTranslate();
  return <Chip size="small" color="success" variant="outlined" icon={<VerifiedIcon />} label={translate('app.users.badges.verified')} data-testid="badge-verified" />;
};
