import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import type { AuditEventRef } from '@affilux/contract';
import { Box, Card, CardContent, Chip, Stack, Tooltip, Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useAuditFormat } from './format';

/** A check's answer: a green "match" or a red "mismatch" badge (null: nothing to compare). */
export const MatchChip = ({ ok, testId, size = 'small' }: { ok: boolean | null; testId?: string; size?: 'small' | 'medium' }) => {
  const translate = useTranslate();
  if (ok === null) return <Chip size={size} variant="outlined" label={translate('app.audit.check.none')} data-testid={testId} data-match="none" />;
  return (
    <Chip
      size={size}
      color={ok ? 'success' : 'error'}
      icon={ok ? <CheckCircleIcon /> : <ErrorIcon />}
      label={translate(ok ? 'app.audit.check.match' : 'app.audit.check.mismatch')}
      data-testid={testId}
      data-match={ok ? 'match' : 'mismatch'}
    />
  );
};

/** Who recorded an event: a role (admin, auditor, affiliate) or the system (jobs, reactors). */
export const useActorLabel = () => {
  const translate = useTranslate();
  return (role: string) => translate(`app.audit.actors.${role}`, { _: translate(`app.role.${role}`, { _: role }) });
};

/** A titled card of an audit screen. */
export const AuditCard = ({ title, action, children, testId, sx }: { title: ReactNode; action?: ReactNode; children: ReactNode; testId?: string; sx?: SxProps<Theme> }) => (
  <Card data-testid={testId} sx={sx}>
    <CardContent>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{title}</Typography>
        {action}
      </Stack>
      {children}
    </CardContent>
  </Card>
);

/** Label and value pairs, in columns that wrap. */
export const Facts = ({ items }: { items: { label: string; value: ReactNode; testId?: string }[] }) => (
  <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 140px), 1fr))' }}>
    {items.map(({ label, value, testId }) => (
      <Box key={label} sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
        <Typography variant="body2" component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid={testId}>{value}</Typography>
      </Box>
    ))}
  </Box>
);

/** An identifier or a hash: monospace, breaking anywhere (`nowrap` for short ones such as log positions). */
export const Mono = ({ children, title, nowrap }: { children: ReactNode; title?: string; nowrap?: boolean }) => (
  <Box
    component="span"
    title={title}
    sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', ...(nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere', wordBreak: 'break-all' }) }}
  >
    {children}
  </Box>
);

/** An event's place in the log: its type, stream and revision, position, time and who caused it. */
export const EventRef = ({ event }: { event: AuditEventRef }) => {
  const translate = useTranslate();
  const format = useAuditFormat();
  return (
    <Tooltip
      title={`${translate('app.audit.event.causation')} ${event.causation_id} · ${translate('app.audit.event.correlation')} ${event.correlation_id}`}
    >
      <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: 0, verticalAlign: 'top' }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>{event.type}</Typography>
        <Typography variant="caption" color="text.secondary" component="span" sx={{ overflowWrap: 'anywhere' }}>
          {translate('app.audit.event.at_position', { position: event.position })} · {format.instant(event.occurred_at)}
        </Typography>
      </Box>
    </Tooltip>
  );
};

/** An event's data as recorded, pretty-printed. */
export const JsonData = ({ value, testId }: { value: unknown; testId?: string }) => (
  <Box
    component="pre"
    data-testid={testId}
    sx={{ m: 0, p: 1.5, bgcolor: 'grey.100', borderRadius: 1, fontSize: '0.75rem', overflowX: 'auto', maxWidth: '100%', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
  >
    {JSON.stringify(value, null, 2)}
  </Box>
);
