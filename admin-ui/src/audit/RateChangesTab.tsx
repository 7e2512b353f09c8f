import TimelineIcon from '@mui/icons-material/Timeline';
import type { AuditRateChange } from '@affilux/contract';
import { Alert, Box, Card, Chip, LinearProgress, Stack, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { ResponsiveRows } from '../imports/ResponsiveRows';
import { EmptyState } from '../shared/EmptyState';
import { AffiliatePicker, useAuditedAffiliate } from './AffiliatePicker';
import { AUDIT_QUERY, useAuditCalls } from './api';
import { useAuditFormat } from './format';
import { useLoadErrorToast } from './hooks';
import { Mono, useActorLabel } from './parts';
import { Pager } from './Pager';

const Affected = ({ change }: { change: AuditRateChange }) => {
  const translate = useTranslate();
  const format = useAuditFormat();
  if (change.affected.length === 0) return <Typography variant="body2" color="text.secondary">{translate('app.audit.rate_changes.no_effect')}</Typography>;
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {change.affected.map((week) => (
        <Tooltip key={`${week.user_id}-${week.week}-${week.how}`} title={translate(`app.audit.rate_changes.how.${week.how}`)}>
          <Chip
            size="small"
            variant={week.how === 'repriced' ? 'filled' : 'outlined'}
            color={week.how === 'repriced' ? 'warning' : 'default'}
            label={`${format.affiliate(week.unique_id)} · ${week.week}`}
          />
        </Tooltip>
      ))}
    </Stack>
  );
};

/** /admin/audit/rate-changes: every change of a variant, of the standard rate or of an affiliate's settings, who made it, when, and the earnings it touched. */
export const RateChangesTab = () => {
  const translate = useTranslate();
  const format = useAuditFormat();
  const calls = useAuditCalls();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [userId, setUserId] = useAuditedAffiliate();
  const [offset, setOffset] = useState(0);
  const [locale] = useLocaleState();
  const page = useQuery({ queryKey: [AUDIT_QUERY, 'rate-changes', userId, offset, locale], queryFn: () => calls.getRateChanges(offset, userId, locale), placeholderData: keepPreviousData });

  useEffect(() => {
    setOffset(0);
  }, [userId]);

  useLoadErrorToast(page, 'app.audit.rate_changes.load_error');

  const actorLabel = useActorLabel();
  const who = (change: AuditRateChange) => change.actor_name ?? actorLabel(change.actor_role);
  const subject = (change: AuditRateChange) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{change.description}</Typography>
      {change.description_before !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid={`audit-rate-change-before-${change.event_id}`}>
          {translate('app.audit.rate_changes.before', { description: change.description_before })}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {translate(`app.audit.rate_changes.kinds.${change.kind}`)}
        {change.unique_id !== null && ` · ${format.affiliate(change.unique_id)}`}
      </Typography>
    </Box>
  );
  const changes = page.data?.changes ?? [];

  return (
    <Stack spacing={2}>
      <AffiliatePicker userId={userId} onChange={setUserId} />
      <Card data-testid="audit-rate-changes">
        <Box sx={{ height: 2 }}>{page.isFetching && <LinearProgress sx={{ height: 2 }} />}</Box>
        {page.isError && !page.data ? (
          <Alert severity="error" sx={{ m: 2 }}>{translate('app.audit.rate_changes.load_error')}</Alert>
        ) : page.data && changes.length === 0 ? (
          <EmptyState icon={TimelineIcon} text={translate('app.audit.rate_changes.empty')} testId="audit-rate-changes-empty" />
        ) : (
          <ResponsiveRows
            phone={phone}
            items={changes}
            keyOf={(change) => change.event_id}
            testIdOf={(change) => `audit-rate-change-${change.event_id}`}
            columns={[
              { id: 'when', label: translate('app.audit.rate_changes.columns.when'), cell: (change) => format.instant(change.occurred_at), sx: { whiteSpace: 'nowrap', verticalAlign: 'top' } },
              { id: 'change', label: translate('app.audit.rate_changes.columns.change'), cell: subject, sx: { verticalAlign: 'top', minWidth: 240 } },
              { id: 'who', label: translate('app.audit.rate_changes.columns.who'), cell: who, sx: { verticalAlign: 'top' } },
              { id: 'affected', label: translate('app.audit.rate_changes.columns.affected'), cell: (change) => <Affected change={change} />, sx: { verticalAlign: 'top' } },
              { id: 'position', label: translate('app.audit.history.columns.position'), cell: (change) => <Mono nowrap>{change.position}</Mono>, sx: { verticalAlign: 'top', whiteSpace: 'nowrap' } },
            ]}
            card={(change) => (
              <Stack spacing={0.75}>
                <Typography variant="caption" color="text.secondary">{format.instant(change.occurred_at)} · {who(change)}</Typography>
                {subject(change)}
                <Affected change={change} />
              </Stack>
            )}
          />
        )}
        {page.data && <Pager offset={offset} total={page.data.total} onOffset={setOffset} testId="audit-rate-changes-pager" />}
      </Card>
    </Stack>
  );
};
