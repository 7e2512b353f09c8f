import { BadgeOutlined, EditOutlined, MailOutlined } from '@mui/icons-material';
import { Box, Button, Card, CardContent, Grid, Stack, TextField, Typography } from '@mui/material';
import { COUNTRIES } from '@affilux/contract';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldMessages, toastError, toastSuccess } from '../../api/client';
import { formatAffiliateId, type User } from '../../api/types';
import { errorText, focusFirstInvalid, serverFieldErrors } from '../../forms/fieldErrors';
import { useValidatedForm } from '../../forms/useValidatedForm';
import { useSession } from '../../session/SessionProvider';
import { profileSchema, type ProfileForm } from './accountRules';
import { EmailChangeDialog } from './EmailChangeDialog';

const EDITABLE_FIELDS = ['first_name', 'last_name', 'username', 'contact_method', 'country'] as const;

const profileOf = (user: User): ProfileForm => ({
  first_name: user.first_name,
  last_name: user.last_name,
  username: user.username ?? '',
  contact_method: user.contact_method ?? '',
  country: user.country ?? '',
});

/**
 * Personal information (spec: Affiliate account): read-only, then an editing mode with save (PUT
 * /auth/profile, the session's user replaced by the answer's) and cancel (the form reset). The email
 * is never edited here: its own button opens the change-email flow.
 */
export function PersonalInfoCard({ user }: { user: User }) {
  const { t } = useTranslation(['affiliate', 'auth']);
  const [editing, setEditing] = useState(false);
  const [changingEmail, setChangingEmail] = useState(false);
  // Leaving the editor (saved or cancelled) puts the keyboard back on "Modifier", which it replaced.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const countryLabel = user.country ? t(`auth:countries.${user.country}`, { defaultValue: user.country }) : '';

  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} data-testid="account-personal-info">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <BadgeOutlined color="action" />
            <Typography variant="h6" component="h2">
              {t('account.personalInfo')}
            </Typography>
          </Stack>
          {!editing && (
            <Button ref={editButton} startIcon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="account-edit">
              {t('account.edit')}
            </Button>
          )}
        </Stack>
        <Grid container spacing={2.5}>
          <InfoItem label={t('account.affiliateId')} value={formatAffiliateId(user.unique_id)} />
          <InfoItem label={t('account.email')} value={user.email} testId="account-email">
            <Button size="small" startIcon={<MailOutlined />} onClick={() => setChangingEmail(true)} sx={{ mt: 0.5, ml: -0.75 }} data-testid="account-email-change">
              {t('account.emailChange.button')}
            </Button>
          </InfoItem>
          {editing ? (
            <Grid size={12}>
              <ProfileEditor user={user} onDone={() => setEditing(false)} />
            </Grid>
          ) : (
            <>
              <InfoItem label={t('account.first_name')} value={user.first_name} testId="account-first_name" />
              <InfoItem label={t('account.last_name')} value={user.last_name} testId="account-last_name" />
              <InfoItem label={t('account.username')} value={user.username ?? ''} testId="account-username" />
              <InfoItem label={t('account.contact_method')} value={user.contact_method ?? ''} testId="account-contact_method" />
              <InfoItem label={t('account.country')} value={countryLabel} testId="account-country" />
            </>
          )}
        </Grid>
      </CardContent>
      {changingEmail && <EmailChangeDialog currentEmail={user.email} onClose={() => setChangingEmail(false)} />}
    </Card>
  );
}

function InfoItem({ label, value, testId, children }: { label: string; value: string; testId?: string; children?: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid={testId}>
        {value || '-'}
      </Typography>
      {children}
    </Grid>
  );
}

/** The editing mode, mounted with the user's current values each time it opens. */
function ProfileEditor({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation(['affiliate', 'auth']);
  const { replaceUser, refresh } = useSession();
  const { values, errors, set, setErrors, validate } = useValidatedForm(profileOf(user));
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!validate(profileSchema)) {
      focusFirstInvalid(event.currentTarget as HTMLElement);
      return;
    }
    setSaving(true);
    try {
      const body = Object.fromEntries(EDITABLE_FIELDS.map((field) => [field, values[field].trim()]));
      const answer = await api<{ message: string; user?: User }>('/auth/profile', { method: 'PUT', body });
      if (answer.user) replaceUser(answer.user);
      else await refresh();
      toastSuccess(t('account.saved'));
      onDone();
    } catch (error) {
      // The server's own field messages (already worded for people) go under their fields.
      setErrors((current) => ({ ...current, ...serverFieldErrors(fieldMessages(error)) }));
      toastError(error, t('account.saveFailed'));
      setSaving(false);
    }
  }

  const message = (field: keyof ProfileForm) => errorText(errors[field], (key) => t(`auth:${key}`));
  const field = (name: Exclude<keyof ProfileForm, 'country'>, autoComplete: string) => (
    <TextField
      // The editor opens on its first field: the button that opened it is gone.
      autoFocus={name === 'first_name'}
      label={t(`account.${name}`)}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={message(name)}
      autoComplete={autoComplete}
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': `account-input-${name}` } }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={save} data-testid="account-profile-form">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>{field('first_name', 'given-name')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('last_name', 'family-name')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('username', 'username')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('contact_method', 'off')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label={t('account.country')}
            value={values.country}
            onChange={(event) => set('country', event.target.value)}
            error={Boolean(errors.country)}
            helperText={message('country')}
            autoComplete="country-name"
            fullWidth
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'account-input-country' } }}
          >
            <option value="" disabled>
              {t('account.countryPlaceholder')}
            </option>
            {COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {t(`auth:countries.${country}`)}
              </option>
            ))}
          </TextField>
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', mt: 3 }}>
        <Button color="inherit" onClick={onDone} disabled={saving} data-testid="account-cancel">
          {t('account.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={saving} data-testid="account-save">
          {saving ? t('account.saving') : t('account.save')}
        </Button>
      </Stack>
    </Box>
  );
}
