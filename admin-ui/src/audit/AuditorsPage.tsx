import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import type { AuditorView } from '@affilux/contract';
import { Alert, Box, Button, Card, Chip, LinearProgress, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ResponsiveRows } from '../imports/ResponsiveRows';
import { EmptyState } from '../shared/EmptyState';
import { PageIntro } from '../shared/PageIntro';
import { AUDIT_QUERY, useAuditCalls } from './api';
import { useAuditFormat } from './format';
import { useLoadErrorToast } from './hooks';
import { InviteAuditorDialog } from './InviteAuditorDialog';

const AUDITORS = [AUDIT_QUERY, 'auditors'];

/** /admin/users/auditors (admins only): the auditors, and the invitation of a new one by email. */
export const AuditorsPage = () => {
  const translate = useTranslate();
  const basename = useBasename();
  const format = useAuditFormat();
  const queryClient = useQueryClient();
  const { getAuditors } = useAuditCalls();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const auditors = useQuery({ queryKey: AUDITORS, queryFn: () => getAuditors() });
  const [inviting, setInviting] = useState(false);

  useLoadErrorToast(auditors, 'app.auditors.load_error');

  const status = (auditor: AuditorView) =>
    auditor.password_set ? (
      <Chip size="small" color="success" variant="outlined" label={translate('app.auditors.active')} />
    ) : (
      <Chip size="small" color="warning" variant="outlined" label={translate('app.auditors.pending')} />
    );
  const lastConnection = (auditor: AuditorView) => (auditor.last_connection ? format.instant(auditor.last_connection) : translate('app.auditors.never'));
  const list = auditors.data ?? [];

  return (
    <Box sx={{ pb: 3 }} data-testid="auditors-page">
      <Title title={translate('app.auditors.title')} />
      <PageIntro text="app.auditors.subtitle" />
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button component={Link} to={`${basename}/users`} startIcon={<ArrowBackIcon />}>{translate('app.auditors.back')}</Button>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)} data-testid="auditor-invite">
          {translate('app.auditors.invite')}
        </Button>
      </Stack>
      <Card>
        <Box sx={{ height: 2 }}>{auditors.isFetching && <LinearProgress sx={{ height: 2 }} />}</Box>
        {auditors.isError && !auditors.data ? (
          <Alert severity="error" sx={{ m: 2 }}>{translate('app.auditors.load_error')}</Alert>
        ) : auditors.data && list.length === 0 ? (
          <EmptyState icon={VerifiedUserIcon} text={translate('app.auditors.empty')} testId="auditors-empty" />
        ) : (
          <ResponsiveRows
            phone={phone}
            items={list}
            keyOf={(auditor) => auditor.id}
            testIdOf={(auditor) => `auditor-${auditor.email}`}
            columns={[
              { id: 'name', label: translate('app.auditors.columns.name'), cell: (auditor) => `${auditor.first_name} ${auditor.last_name}`, sx: { fontWeight: 600 } },
              { id: 'email', label: translate('app.auditors.columns.email'), cell: (auditor) => auditor.email, sx: { overflowWrap: 'anywhere' } },
              { id: 'invited', label: translate('app.auditors.columns.invited'), cell: (auditor) => format.date(auditor.created_at), sx: { whiteSpace: 'nowrap' } },
              { id: 'status', label: translate('app.auditors.columns.status'), cell: status },
              { id: 'last', label: translate('app.auditors.columns.last_connection'), cell: lastConnection, sx: { whiteSpace: 'nowrap' } },
            ]}
            card={(auditor) => (
              <Stack spacing={0.5}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 600 }}>{auditor.first_name} {auditor.last_name}</Typography>
                  {status(auditor)}
                </Stack>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{auditor.email}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {translate('app.auditors.invited_on', { date: format.date(auditor.created_at) })} · {translate('app.auditors.columns.last_connection')} : {lastConnection(auditor)}
                </Typography>
              </Stack>
            )}
          />
        )}
      </Card>
      {inviting && <InviteAuditorDialog onClose={() => setInviting(false)} onInvited={() => void queryClient.invalidateQueries({ queryKey: AUDITORS })} />}
    </Box>
  );
};
