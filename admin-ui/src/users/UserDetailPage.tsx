import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BarChartIcon from '@mui/icons-material/BarChart';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { Alert, Avatar, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HttpError, Link, Title, useBasename, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { formatAffiliateId } from '../format';
import { serverMessage } from '../providers/serverError';
import { CommissionDialog } from './CommissionDialog';
import { ManageReferralDialog } from './ManageReferralDialog';
import { ManagerDialog } from './ManagerDialog';
import { PaymentMethodSection } from './PaymentMethodSection';
import { PaymentSettingsDialog } from './PaymentSettingsDialog';
import { FrozenChip, VerifiedChip } from './UserChips';
import {
  AccountInfoSection,
  AccountStatusSection,
  ActivitySection,
  CommissionSection,
  ManagerSection,
  PaymentSettingsSection,
  ReferralSection,
  SecuritySection,
  SettingsHistorySection,
  type UserDialog,
} from './UserSections';
import { userQueryKey, useUserAction } from './useUserAction';
import { useUsersApi } from './usersApi';
import { VariationHistoryDialog } from './VariationHistory';
import { CarefulConfirm } from '../dialogs/CarefulConfirm';

const isNotFound = (error: unknown) => error instanceof HttpError && error.status === 404;

/** The user behind /admin/users/:id, with the spec's toasts when it cannot be loaded. */
export const useUserDetail = (userId: string) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { getUser } = useUsersApi();
  const user = useQuery({ queryKey: [...userQueryKey(userId), 'detail'], queryFn: () => getUser(userId), retry: (count, error) => !isNotFound(error) && count < 2 });
  useEffect(() => {
    if (!user.isError) return;
    notify(isNotFound(user.error) ? translate('app.users.not_found.title') : (serverMessage(user.error) ?? translate('app.users.detail.load_error')), { type: 'error' });
  }, [user.isError, user.error, notify, translate]);
  return user;
};

/** 'Utilisateur non trouvé', with the way back to the users list. */
export const UserNotFound = () => {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Card sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 1, sm: 4 } }} data-testid="user-not-found">
      <Title title="app.users.not_found.title" />
      <CardContent sx={{ textAlign: 'center', py: 5 }}>
        <PersonOffIcon sx={{ fontSize: 44, color: 'text.secondary' }} />
        <Typography variant="h6" component="h2">
          {translate('app.users.not_found.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.users.not_found.text')}
        </Typography>
        <Button component={Link} to={`${basename}/users`} variant="contained" startIcon={<ArrowBackIcon />} sx={{ mt: 3 }}>
          {translate('app.users.links.back')}
        </Button>
      </CardContent>
    </Card>
  );
};

/** Back to the list, and the user's statistics or settings, and its audit history. */
export const UserPageLinks = ({ userId, to }: { userId: string; to: 'statistics' | 'settings' }) => {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button component={Link} to={`${basename}/users`} startIcon={<ArrowBackIcon />} data-testid="back-to-users">
        {translate('app.users.links.back')}
      </Button>
      <Button component={Link} to={`${basename}/users/${userId}/${to}`} variant="outlined" startIcon={to === 'statistics' ? <BarChartIcon /> : undefined} data-testid={`link-${to}`}>
        {translate(`app.users.links.${to}`)}
      </Button>
      <Button component={Link} to={`${basename}/audit?user=${encodeURIComponent(userId)}`} startIcon={<FactCheckIcon />} data-testid="link-audit">
        {translate('app.audit.history.link')}
      </Button>
    </Stack>
  );
};

/** /admin/users/:id and /admin/users/:id/settings: every section of the user and its seven modals. */
export const UserDetailPage = () => {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const user = useUserDetail(id);
  const action = useUserAction(id);
  const { setFrozen } = useUsersApi();
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const close = () => setDialog(null);

  if (user.isPending) return <LinearProgress sx={{ mt: 4 }} />;
  if (user.isError && isNotFound(user.error)) return <UserNotFound />;
  if (user.isError || !user.data) {
    return (
      <Alert severity="error" sx={{ mt: 3 }} action={<Button onClick={() => user.refetch()}>{translate('ra.action.refresh')}</Button>}>
        {translate('app.users.detail.load_error')}
      </Alert>
    );
  }

  const data = user.data;
  const name = `${data.first_name} ${data.last_name}`;
  const sectionProps = { user: data, open: setDialog, busy: action.busy };
  const toggleFrozen = async () => {
    await action.run(() => setFrozen(data.id, !data.is_frozen), {
      success: translate(data.is_frozen ? 'app.users.status.unfrozen' : 'app.users.status.frozen'),
      error: translate('app.users.status.error'),
    });
    close();
  };

  return (
    <Box sx={{ pb: 3 }} data-testid="user-detail">
      <Title title="app.users.detail.title" />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Stack direction="row" sx={{ gap: 2, alignItems: 'center', minWidth: 0 }}>
              <Avatar sx={{ bgcolor: 'secondary.main', width: 52, height: 52 }}>{`${data.first_name[0] ?? ''}${data.last_name[0] ?? ''}`.toUpperCase()}</Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }} data-testid="user-name">
                  {name}
                </Typography>
                <Stack direction="row" sx={{ gap: 0.75, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                  {data.unique_id !== null && <Chip size="small" variant="outlined" label={`#${formatAffiliateId(data.unique_id)}`} sx={{ fontFamily: 'monospace' }} />}
                  {data.is_frozen && <FrozenChip />}
                  {data.email_verified && <VerifiedChip />}
                </Stack>
              </Box>
            </Stack>
            <UserPageLinks userId={data.id} to="statistics" />
          </Stack>
        </CardContent>
      </Card>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <AccountInfoSection user={data} />
          <ActivitySection user={data} />
          <PaymentSettingsSection {...sectionProps} />
          <PaymentMethodSection user={data} action={action} />
          <SettingsHistorySection {...sectionProps} />
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <ManagerSection {...sectionProps} />
          <ReferralSection {...sectionProps} />
          <CommissionSection {...sectionProps} />
          <SecuritySection user={data} />
          <AccountStatusSection {...sectionProps} />
        </Stack>
      </Box>

      {dialog === 'payment-settings' && <PaymentSettingsDialog user={data} action={action} onClose={close} />}
      {dialog === 'history' && <VariationHistoryDialog userId={data.id} name={name} onClose={close} />}
      {dialog === 'manager' && <ManagerDialog user={data} action={action} onClose={close} />}
      {dialog === 'commission' && <CommissionDialog user={data} action={action} onClose={close} />}
      {dialog === 'referral' && <ManageReferralDialog user={data} action={action} onClose={close} />}
      <CarefulConfirm
        isOpen={dialog === 'freeze'}
        loading={action.busy}
        title={data.is_frozen ? 'app.users.status.unfreeze_title' : 'app.users.status.freeze_title'}
        content={data.is_frozen ? 'app.users.status.unfreeze_content' : 'app.users.status.freeze_content'}
        translateOptions={{ name }}
        confirm={data.is_frozen ? 'app.users.status.unfreeze' : 'app.users.status.freeze'}
        confirmColor="warning"
        onConfirm={toggleFrozen}
        onClose={close}
      />
    </Box>
  );
};
