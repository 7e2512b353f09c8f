import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Divider,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatAffiliateId, useFormatters } from '../format';
import { useAffiluxActions } from '../providers/dataProvider';
import { serverMessage } from '../providers/serverError';
import { useCanWrite } from '../shared/canWrite';
import type { Application } from '../types';
import { ApplicationStatusChip } from './ApplicationStatusChip';
import { ApproveDialog } from './ApproveDialog';
import { ReferralDialog } from './ReferralDialog';
import { useApplicationAction } from './useApplicationAction';
import { CarefulConfirm } from '../dialogs/CarefulConfirm';

type OpenDialog = 'approve' | 'reject' | 'referral' | null;

const Field = ({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) => (
  <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

export const ApplicationCard = ({ application }: { application: Application }) => {
  const translate = useTranslate();
  const format = useFormatters();
  const { rejectApplication } = useAffiluxActions();
  const action = useApplicationAction();
  const canWrite = useCanWrite();
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const close = () => setOpenDialog(null);
  const { id } = application;
  const name = `${application.first_name} ${application.last_name}`;
  const field = (source: string) => translate(`resources.applications.fields.${source}`);
  const optionLabel = (group: string, value: string) => translate(`app.${group}.${value}`, { _: value });

  const reject = async () => {
    await action.run(() => rejectApplication(id), {
      success: (result) => (result.applicant_mailed ? result.message || translate('app.applications.rejected') : translate('app.applications.rejected_unmailed')),
      error: (error) => serverMessage(error) ?? translate('app.applications.reject_error'),
    });
    close();
  };

  return (
    <Card data-testid={`application-card-${id}`} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              @{application.username}
            </Typography>
          </Box>
          <ApplicationStatusChip status={application.status} />
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {translate('app.applications.received_on', { date: format.date(application.created_at) })}
        </Typography>

        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            gap: 1.5,
            mt: 2,
          }}
        >
          <Field label={field('email')} wide>
            <Link href={`mailto:${application.email}`}>{application.email}</Link>
          </Field>
          <Field label={field('country')}>{optionLabel('countries', application.country)}</Field>
          <Field label={field('contact_method')}>{application.contact_method}</Field>
          <Field label={field('profile_type')} wide>
            {optionLabel('profile_types', application.profile_type)}
          </Field>
          <Field label={field('experience_description')} wide>
            <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
              {application.experience_description}
            </Box>
          </Field>
        </Box>

        <Box sx={{ mt: 1.5 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {field('traffic_sources')}
          </Typography>
          {application.traffic_sources.length > 0 ? (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              {application.traffic_sources.map((source) => (
                <Chip key={source} size="small" variant="outlined" label={optionLabel('traffic_sources', source)} />
              ))}
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('app.applications.no_traffic_sources')}
            </Typography>
          )}
        </Box>

        <Divider sx={{ my: 1.5 }} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Field label={field('referred_by')}>
            <span data-testid={`referrer-${id}`}>
              {application.referred_by === null
                ? translate('app.applications.referrer.none')
                : `${application.referrer_name ?? translate('app.applications.referrer.unknown_name')} (${formatAffiliateId(
                    application.referrer_unique_id ?? application.referred_by,
                  )})`}
            </span>
          </Field>
          {canWrite && (
            <Button
              size="small"
              startIcon={application.referred_by === null ? <PersonAddIcon /> : <EditIcon />}
              onClick={() => setOpenDialog('referral')}
              disabled={action.busy}
              sx={{ flexShrink: 0 }}
              data-testid={`edit-referrer-${id}`}
            >
              {translate(`app.applications.referrer.${application.referred_by === null ? 'add' : 'edit'}`)}
            </Button>
          )}
        </Stack>
      </CardContent>

      {canWrite && application.status === 'pending' && (
        <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1, justifyContent: 'flex-end' }}>
          <Button
            variant="outlined"
            color="error"
            startIcon={<CloseIcon />}
            onClick={() => setOpenDialog('reject')}
            disabled={action.busy}
            data-testid={`reject-${id}`}
          >
            {translate('app.applications.reject')}
          </Button>
          <Button
            variant="contained"
            color="success"
            startIcon={<CheckIcon />}
            onClick={() => setOpenDialog('approve')}
            disabled={action.busy}
            data-testid={`approve-${id}`}
          >
            {translate('app.applications.approve')}
          </Button>
        </CardActions>
      )}

      {/* Closes by itself once the refreshed list shows the application processed elsewhere. */}
      {openDialog === 'approve' && application.status === 'pending' && <ApproveDialog application={application} action={action} onClose={close} />}
      {openDialog === 'referral' && <ReferralDialog application={application} action={action} onClose={close} />}
      <CarefulConfirm
        isOpen={openDialog === 'reject'}
        loading={action.busy}
        title="app.applications.reject_confirm_title"
        titleTranslateOptions={{ name }}
        content="app.applications.reject_confirm_content"
        confirm="app.applications.reject"
        confirmColor="warning"
        onConfirm={reject}
        onClose={close}
      />
    </Card>
  );
};
