import type { ContactMessageStatus } from '@affilux/contract';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

const COLORS = { new: 'primary', read: 'default', replied: 'success' } as const;

export const MessageStatusChip = ({ status, testId }: { status: ContactMessageStatus; testId?: string }) => {
  const translate = useTranslate();
  return <Chip size="small" color={COLORS[status]} variant={status === 'read' ? 'outlined' : 'filled'} label={translate(`app.messages.status.${status}`)} data-testid={testId} />;
};
