import { serverMessageCode } from '@affilux/contract';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Grid,
  Link,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { api, ApiError, errorMessage, toastError, toastSuccess } from '../api/client';
import { AuthCard } from './AuthCard';
import { PasswordField } from './PasswordField';
import { readReferralCode, saveReferralCode } from './referralCookie';
import {
  COUNTRIES,
  PROFILE_TYPES,
  REGISTRATION_STEPS,
  TRAFFIC_SOURCES,
  type RegistrationStep,
  type TrafficSource,
} from './registrationRules';
import { inputTestId } from './testId';
import { useValidatedForm } from '../forms/useValidatedForm';
import { errorText, focusFirstInvalid, serverFieldErrors } from '../forms/fieldErrors';

interface RegistrationForm {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  profile_type: string;
  contact_method: string;
  country: string;
  experience_description: string;
  traffic_sources: TrafficSource[];
  terms_accepted: boolean;
}
type TextKey = Exclude<keyof RegistrationForm, 'traffic_sources' | 'terms_accepted'>;

const EMPTY_FORM: RegistrationForm = {
  first_name: '',
  last_name: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  profile_type: '',
  contact_method: '',
  country: '',
  experience_description: '',
  traffic_sources: [],
  terms_accepted: false,
};

const STEP_NAMES = ['account', 'profile', 'experience'] as const;
const LAST_STEP: RegistrationStep = 2;

/** The body of POST /applications/submit: confirmPassword dropped, niches always empty, referral from the cookie. */
function toApplication({ confirmPassword: _confirmation, ...fields }: RegistrationForm, referredBy: number | undefined) {
  return { ...fields, affiliate_niches: [], ...(referredBy === undefined ? {} : { referred_by: referredBy }) };
}

/** /register: the three-step application wizard (spec sections 2 to 5). */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const ref = searchParams.get('ref')?.trim() ?? '';
  const [step, setStep] = useState<RegistrationStep>(0);
  const { values: form, errors, set: setField, setErrors, validate, reset } = useValidatedForm(EMPTY_FORM);
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [referralCode, setReferralCode] = useState<number | undefined>();

  // The referral code is kept (cookie, then `referred_by`) but not announced: the portal cannot tell
  // whether an affiliate has this id (the API offers no such check, and should not let visitors probe
  // ids), so "invited by affiliate no. 99999" could name nobody. The server keeps only a real referrer.
  useEffect(() => {
    if (ref) saveReferralCode(ref);
    setReferralCode(readReferralCode());
  }, [ref]);

  function set<Field extends keyof RegistrationForm>(field: Field, value: RegistrationForm[Field]) {
    setField(field, value);
    setSubmitted(false);
  }

  const fieldError = (field: keyof RegistrationForm) => errorText(errors[field], t);
  /** A choice (radio, checkbox) in error: marked invalid and described by its group's message, as text fields are by MUI. */
  const invalidWith = (field: keyof RegistrationForm) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `register-${field}-error` } : {};
  const textField = (field: TextKey, extra: { type?: string; autoComplete?: string } = {}) => ({
    label: t(`register.${field}`),
    value: form[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: Boolean(errors[field]),
    helperText: fieldError(field),
    fullWidth: true,
    ...extra,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLElement;
    if (!validate(REGISTRATION_STEPS[step])) {
      focusFirstInvalid(formElement);
      return;
    }
    if (step < LAST_STEP) {
      setStep(step === 0 ? 1 : 2);
      return;
    }
    setSubmitting(true);
    try {
      await api('/applications/submit', { body: toApplication(form, referralCode) });
      toastSuccess(t('register.submitted'));
      reset();
      setStep(0);
      setSubmitted(true);
    } catch (error) {
      toastError(error, t('register.submitFailed'));
      // An account holds the address: back to the first step, where the address is, to change it.
      if (error instanceof ApiError && serverMessageCode(error.body) === 'email_exists') {
        // Committed at once, so that the address field is there to take the focus.
        flushSync(() => {
          setErrors(serverFieldErrors({ email: errorMessage(error, t('register.submitFailed')) }));
          setStep(0);
        });
        focusFirstInvalid(formElement);
      }
    } finally {
      setSubmitting(false);
    }
  }

  function toggleTrafficSource(source: TrafficSource, checked: boolean) {
    const chosen = form.traffic_sources.filter((existing) => existing !== source);
    set('traffic_sources', checked ? [...chosen, source] : chosen);
  }

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')} maxWidth={640}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }} data-testid="register-stepper">
        {STEP_NAMES.map((name) => (
          <Step key={name}>
            <StepLabel>{t(`register.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {submitted && (
        <Alert severity="success" sx={{ mb: 3 }} data-testid="register-success">
          {t('register.submitted')}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit}>
        {step === 0 && (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...textField('first_name', { autoComplete: 'given-name' })} slotProps={{ htmlInput: { 'data-testid': 'register-first-name' } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...textField('last_name', { autoComplete: 'family-name' })} slotProps={{ htmlInput: { 'data-testid': 'register-last-name' } }} />
            </Grid>
            <Grid size={12}>
              <TextField {...textField('username', { autoComplete: 'username' })} slotProps={{ htmlInput: { 'data-testid': 'register-username' } }} />
            </Grid>
            <Grid size={12}>
              <TextField {...textField('email', { type: 'email', autoComplete: 'email' })} slotProps={{ htmlInput: { 'data-testid': 'register-email' } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <PasswordField {...textField('password', { autoComplete: 'new-password' })} testId="register-password" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <PasswordField {...textField('confirmPassword', { autoComplete: 'new-password' })} testId="register-confirm-password" />
            </Grid>
          </Grid>
        )}

        {step === 1 && (
          <Stack spacing={3}>
            <FormControl error={Boolean(errors.profile_type)}>
              <FormLabel id="profile-type-label" sx={{ mb: 1 }}>
                {t('register.profile_type')}
              </FormLabel>
              <RadioGroup aria-labelledby="profile-type-label" value={form.profile_type} onChange={(event) => set('profile_type', event.target.value)}>
                <Grid container columnSpacing={2}>
                  {PROFILE_TYPES.map((type) => (
                    <Grid key={type} size={{ xs: 12, sm: 6 }}>
                      <FormControlLabel
                        value={type}
                        control={<Radio slotProps={{ input: { ...inputTestId(`register-profile-${type}`), ...invalidWith('profile_type') } }} />}
                        label={t(`profileTypes.${type}`)}
                      />
                    </Grid>
                  ))}
                </Grid>
              </RadioGroup>
              {errors.profile_type && <FormHelperText id="register-profile_type-error">{t(errors.profile_type)}</FormHelperText>}
            </FormControl>
            <TextField
              {...textField('contact_method')}
              helperText={fieldError('contact_method') ?? t('register.contact_methodHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'register-contact-method' } }}
            />
            <TextField
              {...textField('country', { autoComplete: 'country-name' })}
              select
              slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'register-country' } }}
            >
              <option value="" disabled>
                {t('register.countryPlaceholder')}
              </option>
              {COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {t(`countries.${country}`)}
                </option>
              ))}
            </TextField>
          </Stack>
        )}

        {step === 2 && (
          <Stack spacing={3}>
            <TextField
              {...textField('experience_description')}
              multiline
              minRows={4}
              helperText={fieldError('experience_description') ?? t('register.experience_descriptionHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'register-experience' } }}
            />
            <FormControl error={Boolean(errors.traffic_sources)} component="fieldset">
              <FormLabel component="legend">{t('register.traffic_sources')}</FormLabel>
              <FormGroup>
                <Grid container columnSpacing={2}>
                  {TRAFFIC_SOURCES.map((source) => (
                    <Grid key={source} size={{ xs: 6, sm: 3 }}>
                      <FormControlLabel
                        control={
                          <Checkbox
                            checked={form.traffic_sources.includes(source)}
                            onChange={(event) => toggleTrafficSource(source, event.target.checked)}
                            slotProps={{ input: { ...inputTestId(`register-traffic-${source}`), ...invalidWith('traffic_sources') } }}
                          />
                        }
                        label={source === 'other' ? t('trafficSources.other') : source}
                      />
                    </Grid>
                  ))}
                </Grid>
              </FormGroup>
              {errors.traffic_sources && <FormHelperText id="register-traffic_sources-error">{t(errors.traffic_sources)}</FormHelperText>}
            </FormControl>
            <FormControl error={Boolean(errors.terms_accepted)}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.terms_accepted}
                    onChange={(event) => set('terms_accepted', event.target.checked)}
                    slotProps={{ input: { ...inputTestId('register-terms'), ...invalidWith('terms_accepted') } }}
                  />
                }
                label={
                  <>
                    {t('register.termsAccept')}{' '}
                    <Link href="/terms" target="_blank" rel="noopener">
                      {t('register.termsLink')}
                    </Link>
                  </>
                }
              />
              {errors.terms_accepted && <FormHelperText id="register-terms_accepted-error">{t(errors.terms_accepted)}</FormHelperText>}
            </FormControl>
          </Stack>
        )}

        <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'space-between' }}>
          <Button onClick={() => setStep(step === 2 ? 1 : 0)} disabled={step === 0 || submitting} data-testid="register-back">
            {t('register.back')}
          </Button>
          {step < LAST_STEP ? (
            <Button type="submit" variant="contained" data-testid="register-next">
              {t('register.next')}
            </Button>
          ) : (
            <Button type="submit" variant="contained" disabled={submitting} data-testid="register-submit">
              {submitting ? t('register.submitting') : t('register.submit')}
            </Button>
          )}
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {t('register.haveAccount')}{' '}
        <Link component={RouterLink} to="/login" data-testid="register-login-link">
          {t('register.login')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
