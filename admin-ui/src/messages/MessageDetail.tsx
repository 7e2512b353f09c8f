import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ReplyIcon from '@mui/icons-material/Reply';
import type { ContactMessageView } from '@affilux/contract';
import { Box, Button, Card, CardContent, Divider, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { AdminOnly } from '../shared/canWrite';
import { MessageStatusChip } from './MessageStatusChip';

interface MessageDetailProps {
  message: ContactMessageView;
  busy: boolean;
  onReplied: () => void;
  onDelete: () => void;
  /** On phones, the way back to the list. */
  onBack?: () => void;
}

/** The detail panel: who wrote, when, the text; for admins: mark replied (not when already replied), reply by mail, delete. */
export const MessageDetail = ({ message, busy, onReplied, onDelete, onBack }: MessageDetailProps) => {
  const translate = useTranslate();
  const format = useFormatters();
  const mailto = `mailto:${message.email}?subject=${encodeURIComponent(translate('app.messages.reply_subject', { subject: message.subject }))}`;
  return (
    <Card data-testid="message-detail">
      <CardContent>
        {onBack && (
          <Button size="small" startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ mb: 1, ml: -1 }} data-testid="message-back">
            {translate('app.messages.back')}
          </Button>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {message.subject}
          </Typography>
          <MessageStatusChip status={message.status} testId="message-detail-status" />
        </Stack>
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {translate('app.messages.from')}{' '}
          </Box>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {message.name}
          </Box>{' '}
          &lt;<Link href={`mailto:${message.email}`}>{message.email}</Link>&gt;
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('app.messages.received', { date: format.dateTime(message.created_at) })}
        </Typography>
        <Divider sx={{ my: 2 }} />
        <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-text">
          {message.message}
        </Typography>
        <AdminOnly>
        <Divider sx={{ my: 2 }} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            color="success"
            startIcon={<DoneAllIcon />}
            disabled={busy || message.status === 'replied'}
            onClick={onReplied}
            data-testid="message-mark-replied"
          >
            {translate('app.messages.mark_replied')}
          </Button>
          <Button variant="outlined" startIcon={<ReplyIcon />} href={mailto} data-testid="message-reply">
            {translate('app.messages.reply')}
          </Button>
          <Button variant="outlined" color="error" startIcon={<DeleteIcon />} disabled={busy} onClick={onDelete} data-testid="message-delete">
            {translate('app.messages.delete')}
          </Button>
        </Stack>
        </AdminOnly>
      </CardContent>
    </Card>
  );
};
