import InboxIcon from '@mui/icons-material/Inbox';
import SearchIcon from '@mui/icons-material/Search';
import { CONTACT_MESSAGE_FILTERS, type ContactMessageFilter, type ContactMessageStatus, type ContactMessageView } from '@affilux/contract';
import { Alert, Box, Card, InputAdornment, LinearProgress, List, ListItem, ListItemButton, Pagination, Stack, Tab, Tabs, TextField, type Theme, Typography, useMediaQuery } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { serverMessage } from '../providers/serverError';
import { useCanWrite } from '../shared/canWrite';
import { useDebounced } from '../shared/useDebounced';
import { PageIntro } from '../shared/PageIntro';
import { useMessageCalls } from './api';
import { MessageDetail } from './MessageDetail';
import { MessageStatusChip } from './MessageStatusChip';
import { MessageTiles } from './MessageTiles';
import { CarefulConfirm } from '../dialogs/CarefulConfirm';

const PER_PAGE = 20;
const SEARCH_DEBOUNCE_MS = 300;
const MESSAGES = 'admin-messages';
const STATS = 'admin-messages-stats';

const MessageRow = ({ message, selected, onOpen }: { message: ContactMessageView; selected: boolean; onOpen: () => void }) => {
  const format = useFormatters();
  const unread = message.status === 'new';
  return (
    <ListItem disablePadding divider>
      <ListItemButton selected={selected} onClick={onOpen} sx={{ alignItems: 'flex-start', py: 1.25 }} data-testid={`message-row-${message.id}`}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography variant="body2" sx={{ fontWeight: unread ? 700 : 500 }} noWrap>
              {message.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {format.dateTime(message.created_at)}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 0.25 }}>
            <Typography variant="body2" sx={{ fontWeight: unread ? 700 : 400 }} noWrap>
              {message.subject}
            </Typography>
            <MessageStatusChip status={message.status} testId={`message-status-${message.id}`} />
          </Stack>
          <Typography variant="body2" color="text.secondary" noWrap>
            {message.message}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
};

/** /admin/messages: the five tiles, search, status filter, the list and the detail panel of the open message. */
export const MessagesPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const calls = useMessageCalls();
  const canWrite = useCanWrite();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [status, setStatus] = useState<ContactMessageFilter>('all');
  const [search, setSearch] = useState('');
  const q = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<ContactMessageView | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const list = useQuery({ queryKey: [MESSAGES, status, q, page], queryFn: () => calls.getMessages(status, q, page, PER_PAGE), placeholderData: keepPreviousData });
  const stats = useQuery({ queryKey: [STATS], queryFn: () => calls.getMessageStats() });
  const failed = list.isError || stats.isError;
  useEffect(() => {
    if (failed) notify('app.messages.load_error', { type: 'error' });
  }, [failed, notify]);
  useEffect(() => {
    setPage(0);
  }, [status, q]);

  const reload = () => Promise.all([queryClient.invalidateQueries({ queryKey: [MESSAGES] }), queryClient.invalidateQueries({ queryKey: [STATS] })]);

  const changeStatus = async (message: ContactMessageView, next: ContactMessageStatus, announce: boolean) => {
    setBusy(true);
    try {
      await calls.setMessageStatus(message.id, next);
      setOpen((current) => (current?.id === message.id ? { ...current, status: next } : current));
      if (announce) notify('app.messages.status_updated', { type: 'success' });
    } catch (error) {
      notify(serverMessage(error) ?? translate('app.messages.status_error'), { type: 'error' });
    } finally {
      setBusy(false);
      await reload();
    }
  };

  // An admin opening a new message marks it read (an auditor's reading changes nothing).
  const openMessage = (message: ContactMessageView) => {
    setOpen(message);
    if (canWrite && message.status === 'new') void changeStatus(message, 'read', false);
  };

  const deleteOpen = async () => {
    if (!open) return;
    setBusy(true);
    try {
      await calls.deleteMessage(open.id);
      notify('app.messages.deleted', { type: 'success' });
      setOpen(null);
    } catch (error) {
      notify(serverMessage(error) ?? translate('app.messages.delete_error'), { type: 'error' });
    } finally {
      setBusy(false);
      setConfirmingDelete(false);
      await reload();
    }
  };

  const messages = list.data?.messages ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PER_PAGE));
  const showList = !isSmall || !open;
  const showDetail = !isSmall || open;

  return (
    <Box data-testid="messages-page">
      <Title title={translate('app.messages.title')} />
      <PageIntro text="app.messages.subtitle" />
      <MessageTiles stats={stats.data} />

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, gap: 2, alignItems: 'start' }}>
        {showList && (
          <Card>
            <Box sx={{ px: 2, pt: 1.5 }}>
              <TextField
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={translate('app.messages.search')}
                slotProps={{
                  input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
                  htmlInput: { 'aria-label': translate('app.messages.search'), maxLength: 200, 'data-testid': 'messages-search' },
                }}
              />
            </Box>
            <Box sx={{ borderBottom: 1, borderColor: 'divider', contain: 'inline-size' }}>
              <Tabs value={status} onChange={(_, value: ContactMessageFilter) => setStatus(value)} variant="fullWidth">
                {CONTACT_MESSAGE_FILTERS.map((filter) => (
                  <Tab key={filter} value={filter} label={translate(`app.messages.filters.${filter}`)} sx={{ minWidth: 0, px: 1 }} data-testid={`messages-filter-${filter}`} />
                ))}
              </Tabs>
            </Box>
            {list.isFetching && <LinearProgress sx={{ height: 2 }} />}
            {list.isError ? (
              <Alert severity="error" sx={{ m: 2 }}>
                {translate('app.messages.load_error')}
              </Alert>
            ) : list.data && messages.length === 0 ? (
              <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }} data-testid="messages-empty">
                <InboxIcon sx={{ fontSize: 44, opacity: 0.5 }} />
                <Typography>{translate(q || status !== 'all' ? 'app.messages.no_match' : 'app.messages.empty')}</Typography>
              </Box>
            ) : (
              <List disablePadding data-testid="messages-list">
                {messages.map((message) => (
                  <MessageRow key={message.id} message={message} selected={open?.id === message.id} onOpen={() => openMessage(message)} />
                ))}
              </List>
            )}
            {pages > 1 && (
              <Stack sx={{ alignItems: 'center', py: 1.5 }}>
                <Pagination count={pages} page={page + 1} onChange={(_, value) => setPage(value - 1)} size="small" />
              </Stack>
            )}
          </Card>
        )}
        {showDetail &&
          (open ? (
            <MessageDetail
              message={open}
              busy={busy}
              onReplied={() => void changeStatus(open, 'replied', true)}
              onDelete={() => setConfirmingDelete(true)}
              onBack={isSmall ? () => setOpen(null) : undefined}
            />
          ) : (
            <Card sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
              <Typography>{translate('app.messages.select')}</Typography>
            </Card>
          ))}
      </Box>

      <CarefulConfirm
        isOpen={confirmingDelete}
        loading={busy}
        title="app.messages.delete_title"
        content="app.messages.delete_content"
        contentTranslateOptions={{ name: open?.name ?? '', subject: open?.subject ?? '' }}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={deleteOpen}
        onClose={() => setConfirmingDelete(false)}
      />
    </Box>
  );
};
