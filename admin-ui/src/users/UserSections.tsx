import AcUnitIcon from '@mui/icons-material/AcUnit';
import BadgeIcon from '@mui/icons-material/Badge';
import EditIcon from '@mui/icons-material/Edit';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import HistoryIcon from '@mui/icons-material/History';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PaymentsIcon from '@mui/icons-material/Payments';
import PercentIcon from '@mui/icons-material/Percent';
import ScheduleIcon from '@mui/icons-material/Schedule';
import ShieldIcon from '@mui/icons-material/Shield';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { formatPercent, type AdminUserDetail } from '@affilux/contract';
import { Alert, Box, Button, Chip, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useBasename, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatAffiliateId, useFormatters } from '../format';
import { serverMessage } from '../providers/serverError';
import { AdminOnly } from '../shared/canWrite';
import { useDateTime } from './formatters';
import { Field, Fields, Section } from './Section';
import { FrozenChip, VerifiedChip } from './UserChips';
import { userQueryKey } from './useUserAction';
import { useUsersApi } from './usersApi';
import { RateDescription, useVariationHistory, VariationHistoryList } from './VariationHistory';

export type UserDialog = 'payment-settings' | 'history' | 'manager' | 'commission' | 'freeze' | 'referral';

type SectionProps = { user: AdminUserDetail; open: (dialog: UserDialog) => void; busy: boolean };

const EditButton = ({ onClick, busy, testId, label }: { onClick: () => void; busy: boolean; testId: string; label?: string }) => {
  const translate = useTranslate();
  return (
    <AdminOnly>
      <Button size="small" startIcon={<EditIcon />} onClick={onClick} disabled={busy} data-testid={testId}>
        {label ?? translate('ra.action.edit')}
      </Button>
    </AdminOnly>
  );
};

export const AccountInfoSection = ({ user }: { user: AdminUserDetail }) => {
  const translate = useTranslate();
  const field = (name: string) => translate(`app.users.fields.${name}`);
  return (
    <Section title={translate('app.users.sections.account')} icon={<BadgeIcon />} testId="section-account">
      <Fields>
        <Field label={field('first_name')}>{user.first_name}</Field>
        <Field label={field('last_name')}>{user.last_name}</Field>
        <Field label={field('email')}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Link href={`mailto:${user.email}`} sx={{ overflowWrap: 'anywhere' }}>{user.email}</Link>
            {user.email_verified && <VerifiedChip />}
          </Stack>
        </Field>
        <Field label={field('username')}>{user.username ?? translate('app.users.no_username')}</Field>
        <Field label={field('contact_method')}>{user.contact_method ?? '-'}</Field>
        <Field label={field('country')}>{user.country ? translate(`app.countries.${user.country}`, { _: user.country }) : '-'}</Field>
      </Fields>
    </Section>
  );
};

export const ActivitySection = ({ user }: { user: AdminUserDetail }) => {
  const translate = useTranslate();
  const format = useFormatters();
  const dateTime = useDateTime();
  return (
    <Section title={translate('app.users.sections.activity')} icon={<ScheduleIcon />} testId="section-activity">
      <Fields>
        <Field label={translate('app.users.fields.last_connection')} testId="last-connection">
          {user.last_connection ? dateTime(user.last_connection) : translate('app.users.never_connected')}
        </Field>
        <Field label={translate('app.users.fields.member_since')}>{format.date(user.created_at)}</Field>
      </Fields>
    </Section>
  );
};

export const ManagerSection = ({ user, open, busy }: SectionProps) => {
  const translate = useTranslate();
  return (
    <Section
      title={translate('app.users.sections.manager')}
      icon={<SupportAgentIcon />}
      testId="section-manager"
      actions={<EditButton onClick={() => open('manager')} busy={busy} testId="open-manager" label={translate(user.manager_id ? 'app.users.manager.change' : 'app.users.manager.assign')} />}
    >
      {user.manager ? (
        <Stack spacing={0.5} data-testid="manager-details">
          <Typography sx={{ fontWeight: 600 }}>{user.manager.nom}</Typography>
          {user.manager.telegram && <Typography variant="body2">{translate('app.users.manager.telegram', { handle: user.manager.telegram })}</Typography>}
          {user.manager.mail && (
            <Link variant="body2" href={`mailto:${user.manager.mail}`}>
              {user.manager.mail}
            </Link>
          )}
        </Stack>
      ) : (
        <Typography color="text.secondary">{translate(user.manager_id ? 'app.users.manager.deleted' : 'app.users.manager.none')}</Typography>
      )}
    </Section>
  );
};

/** The sponsor and sponsored affiliates (GET /admin/users/{id}/referral-info); the section reports a failure, the modal does not again. */
export const useReferralInfo = (userId: string, reportFailure = true) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { getReferralInfo } = useUsersApi();
  const info = useQuery({ queryKey: [...userQueryKey(userId), 'referral-info'], queryFn: () => getReferralInfo(userId) });
  useEffect(() => {
    if (info.isError && reportFailure) notify(serverMessage(info.error) ?? translate('app.users.referral.load_error'), { type: 'error' });
  }, [info.isError, info.error, notify, translate, reportFailure]);
  return info;
};

export const ReferralSection = ({ user, open, busy }: SectionProps) => {
  const translate = useTranslate();
  const format = useFormatters();
  const basename = useBasename();
  const info = useReferralInfo(user.id);
  return (
    <Section
      title={translate('app.users.sections.referral')}
      icon={<GroupAddIcon />}
      testId="section-referral"
      actions={<EditButton onClick={() => open('referral')} busy={busy} testId="open-referral" label={translate('app.users.referral.manage')} />}
    >
      {info.isPending && <LinearProgress />}
      {info.isError && <Alert severity="error">{translate('app.users.referral.load_error')}</Alert>}
      {info.data && (
        <Stack spacing={1.5}>
          <Field label={translate('app.users.referral.sponsor')} testId="referral-sponsor">
            {info.data.referrer ? `${info.data.referrer.name} (#${formatAffiliateId(info.data.referrer.unique_id)})` : translate('app.users.referral.no_sponsor')}
          </Field>
          <Box>
            <Typography variant="caption" color="text.secondary" component="div">
              {translate('app.users.referral.sponsored', { smart_count: info.data.referredUsers.length })}
            </Typography>
            {info.data.referredUsers.length === 0 ? (
              <Typography variant="body2" color="text.secondary">{translate('app.users.referral.no_sponsored')}</Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="referral-sponsored">
                {info.data.referredUsers.map((referred) => (
                  <Typography component="li" variant="body2" key={referred.id}>
                    <Link component={RouterLink} to={`${basename}/users/${referred.id}/settings`}>
                      {referred.name}
                    </Link>{' '}
                    (#{formatAffiliateId(referred.unique_id)}) · {translate('app.users.referral.since', { date: format.date(referred.created_at) })}
                  </Typography>
                ))}
              </Box>
            )}
          </Box>
        </Stack>
      )}
    </Section>
  );
};

export const PaymentSettingsSection = ({ user, open, busy }: SectionProps) => {
  const translate = useTranslate();
  return (
    <Section
      title={translate('app.users.sections.payment_settings')}
      icon={<PaymentsIcon />}
      testId="section-payment-settings"
      actions={<EditButton onClick={() => open('payment-settings')} busy={busy} testId="open-payment-settings" />}
    >
      {user.current_rate ? (
        <RateDescription entry={user.current_rate} />
      ) : (
        <Typography color="text.secondary">{translate(`app.payment_types.${user.payment_type}`)}</Typography>
      )}
    </Section>
  );
};

/** The latest periods of settings; the whole history opens in the variation history modal. */
export const SettingsHistorySection = ({ user, open }: SectionProps) => {
  const translate = useTranslate();
  const history = useVariationHistory(user.id);
  return (
    <Section
      title={translate('app.users.sections.history')}
      icon={<HistoryIcon />}
      testId="section-history"
      actions={
        <Button size="small" startIcon={<HistoryIcon />} onClick={() => open('history')} data-testid="open-history">
          {translate('app.users.history.open')}
        </Button>
      }
    >
      {history.isPending && <LinearProgress />}
      {history.isError && <Alert severity="error">{translate('app.users.history.load_error')}</Alert>}
      {history.data && (
        <>
          <VariationHistoryList entries={history.data.slice(0, 2)} />
          {history.data.length > 2 && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              {translate('app.users.history.more', { smart_count: history.data.length - 2 })}
            </Typography>
          )}
        </>
      )}
    </Section>
  );
};

export const CommissionSection = ({ user, open, busy }: SectionProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Section
      title={translate('app.users.sections.commission')}
      icon={<PercentIcon />}
      testId="section-commission"
      actions={<EditButton onClick={() => open('commission')} busy={busy} testId="open-commission" />}
    >
      <Typography variant="h6" component="p" data-testid="commission-rate">
        {formatPercent(user.referral_commission_rate)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.users.commission.explanation')}
      </Typography>
    </Section>
  );
};

export const SecuritySection = ({ user }: { user: AdminUserDetail }) => {
  const translate = useTranslate();
  const dateTime = useDateTime();
  return (
    <Section title={translate('app.users.sections.security')} icon={<ShieldIcon />} testId="section-security">
      <Fields>
        <Field label={translate('app.users.security.email')}>
          {translate(user.email_verified ? 'app.users.security.verified' : 'app.users.security.unverified')}
        </Field>
        <Field label={translate('app.users.security.password')}>
          {user.password_changed_at ? dateTime(user.password_changed_at) : translate('app.users.security.password_never')}
        </Field>
        <Field label={translate('app.users.security.access')}>
          {translate(user.is_frozen ? 'app.users.security.access_frozen' : user.email_verified ? 'app.users.security.access_open' : 'app.users.security.access_unverified')}
        </Field>
      </Fields>
    </Section>
  );
};

export const AccountStatusSection = ({ user, open, busy }: SectionProps) => {
  const translate = useTranslate();
  return (
    <Section
      title={translate('app.users.sections.status')}
      icon={<AcUnitIcon />}
      testId="section-status"
      actions={
        <AdminOnly>
          <Button
            size="small"
            variant="outlined"
            color={user.is_frozen ? 'success' : 'error'}
            startIcon={user.is_frozen ? <LockOpenIcon /> : <LockIcon />}
            onClick={() => open('freeze')}
            disabled={busy}
            data-testid="open-freeze"
          >
            {translate(user.is_frozen ? 'app.users.status.unfreeze' : 'app.users.status.freeze')}
          </Button>
        </AdminOnly>
      }
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1 }} data-testid="account-status">
        {user.is_frozen ? <FrozenChip /> : <Chip size="small" color="success" label={translate('app.users.status.active')} />}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {translate(user.is_frozen ? 'app.users.status.frozen_text' : 'app.users.status.active_text')}
      </Typography>
    </Section>
  );
};
