import EventIcon from '@mui/icons-material/Event';
import type { AuditAsOf, AuditVariantVersion } from '@affilux/contract';
import { Alert, Box, Button, Card, Chip, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { serverMessage } from '../providers/serverError';
import { EmptyState } from '../shared/EmptyState';
import { AffiliatePicker, useAuditedAffiliate } from './AffiliatePicker';
import { AUDIT_QUERY, useAuditCalls } from './api';
import { useAuditFormat } from './format';
import { useLoadErrorToast } from './hooks';
import { AuditCard, Facts, Mono } from './parts';
import { fromParisWallClock, toParisWallClock } from './parisTime';

const VariantVersion = ({ variant }: { variant: AuditVariantVersion }) => {
  const translate = useTranslate();
  const format = useAuditFormat();
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid={`audit-as-of-variant-${variant.variant_id}`}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>{translate('app.audit.payout.variant_version', { name: variant.name, version: variant.version })}</Typography>
        <Chip size="small" variant="outlined" label={variant.payment_type.toUpperCase()} />
        {variant.deleted && <Chip size="small" color="warning" label={translate('app.audit.as_of.deleted')} />}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate('app.audit.as_of.effective', { date: format.instant(variant.effective_at) })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {variant.is_evolutionary
          ? variant.tiers
              .map((tier) => translate('app.audit.as_of.tier', { level: tier.tier_level, min: tier.min_sales, max: tier.max_sales ?? '∞', amount: format.euros(tier.amount) }))
              .join(' · ')
          : translate('app.audit.as_of.fixed', { amount: format.euros(variant.base_amount) })}
      </Typography>
    </Box>
  );
};

const AsOfAnswer = ({ answer }: { answer: AuditAsOf }) => {
  const translate = useTranslate();
  const format = useAuditFormat();
  const yes = (value: boolean) => translate(value ? 'app.audit.yes' : 'app.audit.no');
  if (!answer.exists) return <Alert severity="info" data-testid="audit-as-of-missing">{translate('app.audit.as_of.not_yet', { date: format.instant(answer.at) })}</Alert>;
  const { balance, week, settings } = answer;
  return (
    <Stack spacing={2} data-testid="audit-as-of-answer">
      <Typography variant="body2" color="text.secondary" data-testid="audit-as-of-position">
        {translate('app.audit.as_of.folded', { date: format.instant(answer.at), smart_count: answer.events_folded, count: format.count(answer.events_folded) })} <Mono>{answer.position ?? '—'}</Mono>
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <AuditCard title={translate('app.audit.as_of.balance_title')} testId="audit-as-of-balance">
          <Typography variant="h4" component="p" sx={{ fontWeight: 700, mb: 1.5 }} data-testid="audit-as-of-balance-amount">{format.euros(balance.balance)}</Typography>
          <Facts
            items={[
              { label: translate('app.audit.as_of.carried'), value: format.euros(balance.carried) },
              { label: translate('app.audit.as_of.open_items'), value: balance.open_items },
              { label: translate('app.audit.as_of.paid_total'), value: format.euros(balance.paid_total) },
              { label: translate('app.audit.as_of.written_off_total'), value: format.euros(balance.written_off_total) },
              { label: translate('app.audit.as_of.last_movement'), value: balance.last_movement_at ? format.instant(balance.last_movement_at) : '—' },
            ]}
          />
        </AuditCard>
        <AuditCard title={translate('app.audit.as_of.week_title', { week: week.week })} action={<Chip size="small" label={translate(week.closed ? 'app.audit.as_of.closed' : 'app.audit.as_of.open')} />} testId="audit-as-of-week">
          <Facts
            items={[
              { label: translate('app.audit.as_of.count', { kind: translate(`app.audit.payout.paid_kinds.${week.paid_kind}`) }), value: week.count, testId: 'audit-as-of-count' },
              { label: translate('app.audit.as_of.tier_reached'), value: week.tier_level === null ? '—' : translate('app.audit.payout.tier_n', { n: week.tier_level }), testId: 'audit-as-of-tier' },
              { label: translate('app.audit.as_of.next_rate'), value: week.rate === null ? '—' : format.euros(week.rate) },
              { label: translate('app.audit.as_of.week_amount'), value: format.euros(week.amount) },
            ]}
          />
        </AuditCard>
        <AuditCard title={translate('app.audit.as_of.settings_title')} testId="audit-as-of-settings">
          {settings ? (
            <Stack spacing={1.5}>
              <Facts
                items={[
                  { label: translate('app.audit.as_of.payment_type'), value: translate(`app.payment_types.${settings.payment_type}`), testId: 'audit-as-of-payment-type' },
                  { label: translate('app.audit.as_of.rate_source'), value: settings.standard ? translate('app.audit.as_of.standard') : (settings.variant?.name ?? '—') },
                  { label: translate('app.audit.as_of.standard_rate'), value: format.euros(settings.standard_rate), testId: 'audit-as-of-standard-rate' },
                  { label: translate('app.audit.as_of.since'), value: settings.since ? format.instant(settings.since) : '—' },
                ]}
              />
              {settings.variant && <VariantVersion variant={settings.variant} />}
            </Stack>
          ) : (
            <Typography color="text.secondary">{translate('app.audit.as_of.no_settings')}</Typography>
          )}
        </AuditCard>
        <AuditCard title={translate('app.audit.as_of.account_title')} testId="audit-as-of-account">
          <Facts
            items={[
              { label: translate('app.audit.as_of.frozen'), value: yes(answer.frozen) },
              { label: translate('app.audit.as_of.verified'), value: yes(answer.email_verified) },
              { label: translate('app.audit.as_of.payment_method'), value: answer.payment_method_type ? translate(`app.payments.methods.${answer.payment_method_type}`) : translate('app.audit.as_of.none') },
              { label: translate('app.audit.as_of.referred_by'), value: format.affiliate(answer.referred_by) },
              { label: translate('app.audit.as_of.commission'), value: format.percent(answer.referral_commission_rate) },
            ]}
          />
        </AuditCard>
      </Box>
      {answer.variant_versions.length > 0 && (
        <AuditCard title={translate('app.audit.as_of.variants_title')} testId="audit-as-of-variants">
          <Stack spacing={1}>{answer.variant_versions.map((variant) => <VariantVersion key={`${variant.variant_id}-${variant.version}`} variant={variant} />)}</Stack>
        </AuditCard>
      )}
    </Stack>
  );
};

/** /admin/audit/as-of: an affiliate's balance, week, settings and rates as they stood at a past moment (Paris time). */
export const AsOfTab = () => {
  const translate = useTranslate();
  const calls = useAuditCalls();
  const [userId, setUserId] = useAuditedAffiliate();
  const [params, setParams] = useSearchParams();
  const at = params.get('at');
  const [typed, setTyped] = useState(() => (at ? toParisWallClock(new Date(at)) : toParisWallClock(new Date())));
  const [invalid, setInvalid] = useState(false);
  const answer = useQuery({ queryKey: [AUDIT_QUERY, 'as-of', userId, at], queryFn: () => calls.getAsOf(userId!, at!), enabled: userId !== null && at !== null });

  useLoadErrorToast(answer, 'app.audit.as_of.load_error');

  const show = (event: FormEvent) => {
    event.preventDefault();
    const instant = fromParisWallClock(typed);
    setInvalid(instant === null);
    if (instant) setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('at', instant.toISOString());
      return next;
    });
  };

  return (
    <Stack spacing={2} data-testid="audit-as-of">
      <Card component="form" onSubmit={show} noValidate sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
          <AffiliatePicker userId={userId} onChange={setUserId} />
          <TextField
            size="small"
            type="datetime-local"
            label={translate('app.audit.as_of.at')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={invalid}
            helperText={translate(invalid ? 'app.audit.as_of.at_error' : 'app.audit.as_of.at_help')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1, 'data-testid': 'audit-as-of-at' } }}
            sx={{ width: { xs: '100%', md: 270 }, flexShrink: 0 }}
          />
          <Button type="submit" variant="contained" disabled={userId === null} data-testid="audit-as-of-show" sx={{ alignSelf: { xs: 'flex-start', md: 'flex-start' }, mt: { md: 0.25 } }}>
            {translate('app.audit.as_of.show')}
          </Button>
        </Stack>
      </Card>
      {userId === null || at === null ? (
        <Card><EmptyState icon={EventIcon} text={translate('app.audit.as_of.choose')} testId="audit-as-of-choose" /></Card>
      ) : answer.isPending ? (
        <LinearProgress />
      ) : answer.isError ? (
        <Alert severity="error">{serverMessage(answer.error) ?? translate('app.audit.as_of.load_error')}</Alert>
      ) : (
        <AsOfAnswer answer={answer.data} />
      )}
    </Stack>
  );
};
