import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ApplicationStatus } from '../types';

const colors = { pending: 'warning', approved: 'success', rejected: 'error' } as const;

export const ApplicationStatusChip = ({ status }: { status: ApplicationStatus }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={colors[status]}
      variant={status === 'pending' ? 'filled' : 'outlined'}
      label={translate(`app.applications.status.${status}`)}
      data-testid="application-status"
    />
  );
};
