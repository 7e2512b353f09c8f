import DownloadIcon from '@mui/icons-material/Download';
import HistoryIcon from '@mui/icons-material/History';
import SearchIcon from '@mui/icons-material/Search';
import { AUDIT_EVENT_KINDS, type AuditEvent, type AuditEventKind } from '@affilux/contract';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Collapse,
  InputAdornment,
  LinearProgress,
  Link,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { ResponsiveRows } from '../imports/ResponsiveRows';
import { EmptyState } from '../shared/EmptyState';
import { AffiliatePicker, useAuditedAffiliate } from './AffiliatePicker';
import { AUDIT_QUERY, useAuditCalls } from './api';
import { useAuditFormat } from './format';
import { useDownload, useLoadErrorToast } from './hooks';
import { JsonData, Mono, useActorLabel } from './parts';
import { Pager } from './Pager';

/** Whether an event mentions the searched text (type, summary, actor, ids, data). */
const mentions = (event: AuditEvent, text: string) =>
  [event.type, event.summary, event.actor_id, event.actor_role, event.causation_id, event.correlation_id, event.event_id, event.stream_id, event.position, JSON.stringify(event.data)]
    .some((field) => field.toLowerCase().includes(text));

const Cause = ({ event }: { event: AuditEvent }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="div">
        {translate('app.audit.event.causation')} <Mono title={event.causation_id}>{event.causation_id.slice(0, 8)}</Mono>
      </Typography>
      <Typography variant="caption" component="div">
        {translate('app.audit.event.correlation')} <Mono title={event.correlation_id}>{event.correlation_id.slice(0, 8)}</Mono>
      </Typography>
    </Stack>
  );
};

const Summary = ({ event, open, onToggle }: { event: AuditEvent; open: boolean; onToggle: () => void }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>{event.type}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{event.summary}</Typography>
      <Link component="button" type="button" variant="caption" onClick={onToggle} data-testid={`audit-event-data-toggle-${event.event_id}`}>
        {translate(open ? 'app.audit.history.hide_data' : 'app.audit.history.show_data')}
      </Link>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ mt: 1 }}>
          <JsonData value={event.data} testId={`audit-event-data-${event.event_id}`} />
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {translate('app.audit.event.stream', { stream: event.stream_id, revision: event.revision })} · {translate('app.audit.event.id')} <Mono>{event.event_id}</Mono>
          </Typography>
        </Box>
      </Collapse>
    </Box>
  );
};

/** /admin/audit: every event of an affiliate's account, rate settings, weeks, balance and payouts, in log order. */
export const HistoryTab = () => {
  const translate = useTranslate();
  const format = useAuditFormat();
  const actorLabel = useActorLabel();
  const calls = useAuditCalls();
  const [locale] = useLocaleState();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [userId, setUserId] = useAuditedAffiliate();
  const [kinds, setKinds] = useState<AuditEventKind[]>([]);
  const [offset, setOffset] = useState(0);
  const [text, setText] = useState('');
  const [opened, setOpened] = useState<Set<string>>(new Set());
  const download = useDownload();
  const page = useQuery({
    queryKey: [AUDIT_QUERY, 'events', userId, kinds, offset, locale],
    queryFn: () => calls.getEvents(userId!, kinds, offset, locale),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    setOffset(0);
  }, [userId, kinds]);
  useLoadErrorToast(page, 'app.audit.history.load_error');

  const toggleKind = (kind: AuditEventKind) => setKinds((current) => (current.includes(kind) ? current.filter((k) => k !== kind) : [...current, kind]));
  const toggleData = (id: string) => setOpened((current) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const exportCsv = () => userId && download.run(() => calls.exportEvents(userId, page.data?.unique_id ?? null, kinds, locale));

  const search = text.trim().toLowerCase();
  const events = (page.data?.events ?? []).filter((event) => !search || mentions(event, search));
  const kindChip = (event: AuditEvent) => <Chip size="small" variant="outlined" label={translate(`app.audit.kinds.${event.kind}`)} />;
  const actor = (event: AuditEvent) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{actorLabel(event.actor_role)}</Typography>
      {event.actor_id !== event.actor_role && <Mono title={event.actor_id}>{event.actor_id.slice(0, 8)}</Mono>}
    </Box>
  );

  return (
    <Stack spacing={2} data-testid="audit-history">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <AffiliatePicker userId={userId} onChange={setUserId} />
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!userId || download.busy} onClick={() => void exportCsv()} data-testid="audit-history-export" sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', md: 'center' } }}>
          {translate('app.audit.export_csv')}
        </Button>
      </Stack>
      {userId === null ? (
        <Card><EmptyState icon={HistoryIcon} text={translate('app.audit.history.choose')} testId="audit-history-choose" /></Card>
      ) : (
        <Card>
          <Stack spacing={1.5} sx={{ p: 2 }}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }} role="group" aria-label={translate('app.audit.history.kinds')}>
              <Chip label={translate('app.audit.history.all_kinds')} color={kinds.length === 0 ? 'primary' : 'default'} onClick={() => setKinds([])} data-testid="audit-kind-all" />
              {AUDIT_EVENT_KINDS.map((kind) => (
                <Chip
                  key={kind}
                  label={translate(`app.audit.kinds.${kind}`)}
                  color={kinds.includes(kind) ? 'primary' : 'default'}
                  variant={kinds.includes(kind) ? 'filled' : 'outlined'}
                  onClick={() => toggleKind(kind)}
                  aria-pressed={kinds.includes(kind)}
                  data-testid={`audit-kind-${kind}`}
                />
              ))}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
              <TextField
                size="small"
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={translate('app.audit.history.search')}
                slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> }, htmlInput: { 'data-testid': 'audit-history-search' } }}
                sx={{ width: { xs: '100%', sm: 460 } }}
              />
              {page.data && (
                <Typography variant="body2" color="text.secondary" data-testid="audit-history-count">
                  {translate('app.audit.history.count', { smart_count: page.data.total, count: format.count(page.data.total), id: format.affiliate(page.data.unique_id) })}
                </Typography>
              )}
            </Stack>
          </Stack>
          <Box sx={{ height: 2 }}>{page.isFetching && <LinearProgress sx={{ height: 2 }} />}</Box>
          {page.isError && !page.data ? (
            <Alert severity="error" sx={{ m: 2 }}>{translate('app.audit.history.load_error')}</Alert>
          ) : page.data && events.length === 0 ? (
            <EmptyState icon={HistoryIcon} text={translate('app.audit.history.empty')} testId="audit-history-empty" />
          ) : (
            <ResponsiveRows
              phone={phone}
              items={events}
              keyOf={(event) => event.event_id}
              testIdOf={(event) => `audit-event-${event.event_id}`}
              columns={[
                { id: 'time', label: translate('app.audit.history.columns.time'), cell: (event) => format.instant(event.occurred_at), sx: { whiteSpace: 'nowrap', verticalAlign: 'top' } },
                { id: 'kind', label: translate('app.audit.history.columns.kind'), cell: kindChip, sx: { verticalAlign: 'top' } },
                { id: 'event', label: translate('app.audit.history.columns.event'), cell: (event) => <Summary event={event} open={opened.has(event.event_id)} onToggle={() => toggleData(event.event_id)} />, sx: { verticalAlign: 'top', minWidth: 260 } },
                { id: 'actor', label: translate('app.audit.history.columns.actor'), cell: actor, sx: { verticalAlign: 'top' } },
                { id: 'cause', label: translate('app.audit.history.columns.cause'), cell: (event) => <Cause event={event} />, sx: { verticalAlign: 'top', whiteSpace: 'nowrap' } },
                { id: 'position', label: translate('app.audit.history.columns.position'), cell: (event) => <Mono nowrap>{event.position}</Mono>, sx: { verticalAlign: 'top', whiteSpace: 'nowrap' } },
              ]}
              card={(event) => (
                <Stack spacing={0.75}>
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                    <Typography variant="caption" color="text.secondary">{format.instant(event.occurred_at)}</Typography>
                    {kindChip(event)}
                  </Stack>
                  <Summary event={event} open={opened.has(event.event_id)} onToggle={() => toggleData(event.event_id)} />
                  <Typography variant="caption" color="text.secondary" component="div">
                    {actorLabel(event.actor_role)} {event.actor_id !== event.actor_role && <Mono>{event.actor_id.slice(0, 8)}</Mono>} · {translate('app.audit.history.columns.position')} <Mono nowrap>{event.position}</Mono>
                  </Typography>
                  <Cause event={event} />
                </Stack>
              )}
            />
          )}
          {page.data && <Pager offset={offset} total={page.data.total} onOffset={setOffset} testId="audit-history-pager" />}
        </Card>
      )}
    </Stack>
  );
};
