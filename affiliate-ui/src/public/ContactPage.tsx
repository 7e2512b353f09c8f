import ArrowForwardRoundedIcon from '@mui/icons-material/ArrowForwardRounded';
import MarkEmailReadRoundedIcon from '@mui/icons-material/MarkEmailReadRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import { showsAsTyped } from '@affilux/contract';
import { Box, Button, Card, Container, Divider, TextField, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { api, toastError, toastSuccess } from '../api/client';
import { fieldErrors, focusFirstInvalid } from '../forms/fieldErrors';
import { ContactDetails } from '../layout/ContactDetails';
import { usePageTitle } from '../layout/usePageTitle';
import { brand } from '../theme';
import { PageHero } from './PageHero';

/** Spec, section 9: the thank-you panel replaces the form for 5 seconds. */
const THANK_YOU_DURATION_MS = 5000;

// Messages are keys of contact.errors, translated when shown, so they follow a language switch.
const contactSchema = z.object({
  name: z.string().trim().min(1, 'nameRequired').min(2, 'nameMin').refine(showsAsTyped, 'hiddenCharacter'),
  email: z.string().trim().min(1, 'emailRequired').pipe(z.email('emailInvalid')),
  subject: z.string().trim().min(1, 'subjectRequired').min(5, 'subjectMin').refine(showsAsTyped, 'hiddenCharacter'),
  message: z.string().trim().min(1, 'messageRequired').min(10, 'messageMin'),
});

type ContactMessage = z.infer<typeof contactSchema>;
type Field = keyof ContactMessage;
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: ReadonlyArray<{ name: Field; type: string; autoComplete?: string; rows?: number }> = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'subject', type: 'text' },
  { name: 'message', type: 'text', rows: 6 },
];

const EMPTY_MESSAGE: ContactMessage = { name: '', email: '', subject: '', message: '' };

/** First failing rule of each field; an empty object when the message is valid. */
const validate = (values: ContactMessage): FieldErrors => fieldErrors(contactSchema, values);

function ContactForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation('public');
  const [values, setValues] = useState<ContactMessage>(EMPTY_MESSAGE);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [sending, setSending] = useState(false);

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field has been left or a submit attempted, its message follows what is typed.
    if (touched[field]) setErrors((current) => ({ ...current, [field]: validate(next)[field] }));
  };

  const blur = (field: Field) => {
    setTouched((current) => ({ ...current, [field]: true }));
    setErrors((current) => ({ ...current, [field]: validate(values)[field] }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fieldErrors = validate(values);
    setErrors(fieldErrors);
    setTouched({ name: true, email: true, subject: true, message: true });
    if (Object.keys(fieldErrors).length > 0) {
      focusFirstInvalid(event.currentTarget as HTMLElement);
      return;
    }
    setSending(true);
    try {
      await api('/contact/submit', { body: contactSchema.parse(values) });
      toastSuccess(t('contact.success'));
      onSent();
    } catch (error) {
      toastError(error, t('contact.failure'));
      setSending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="contact-form">
      <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
        {t('contact.formTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            name={field.name}
            type={field.type}
            label={t(`contact.fields.${field.name}`)}
            value={values[field.name]}
            onChange={(event) => change(field.name, event.target.value)}
            onBlur={() => blur(field.name)}
            error={Boolean(errors[field.name])}
            helperText={errors[field.name] ? t(`contact.errors.${errors[field.name]}`) : undefined}
            autoComplete={field.autoComplete}
            multiline={field.rows !== undefined}
            minRows={field.rows}
            required
            disabled={sending}
            sx={{ gridColumn: field.name === 'name' || field.name === 'email' ? undefined : '1 / -1' }}
            slotProps={{ htmlInput: { 'data-testid': `contact-${field.name}` } }}
          />
        ))}
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={sending}
        endIcon={<SendRoundedIcon />}
        data-testid="contact-submit"
        sx={{ mt: 3, width: { xs: '100%', sm: 'auto' } }}
      >
        {sending ? t('contact.sending') : t('contact.submit')}
      </Button>
    </Box>
  );
}

function ThankYou() {
  const { t } = useTranslation('public');
  return (
    <Box data-testid="contact-thanks" role="status" sx={{ textAlign: 'center', py: { xs: 4, sm: 8 } }}>
      <Box
        sx={{
          width: 72,
          height: 72,
          mx: 'auto',
          mb: 3,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: 'success.main',
          backgroundColor: (theme) => alpha(theme.palette.success.main, 0.1),
        }}
      >
        <MarkEmailReadRoundedIcon sx={{ fontSize: 36 }} />
      </Box>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('contact.thanksTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 380, mx: 'auto' }}>{t('contact.thanksText')}</Typography>
    </Box>
  );
}

export function ContactPage() {
  const { t } = useTranslation('public');
  usePageTitle(t('contact.title'));
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(false), THANK_YOU_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  return (
    <>
      <PageHero title={t('contact.title')} subtitle={t('contact.subtitle')} />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '0.9fr 1.6fr' }, alignItems: 'start' }}>
          <Card sx={{ p: { xs: 3, sm: 4 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 3 }}>
              {t('contact.infoTitle')}
            </Typography>
            <ContactDetails />
            <Divider sx={{ my: 3 }} />
            <Box sx={{ p: 2.5, borderRadius: 3, backgroundColor: alpha(brand.violet, 0.06) }}>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
                {t('contact.faqHint')}
              </Typography>
              <Button component={RouterLink} to="/faq" variant="text" endIcon={<ArrowForwardRoundedIcon />} data-testid="contact-faq-link" sx={{ px: 0 }}>
                {t('contact.faqLink')}
              </Button>
            </Box>
          </Card>
          <Card sx={{ p: { xs: 3, sm: 5 } }}>{sent ? <ThankYou /> : <ContactForm onSent={() => setSent(true)} />}</Card>
        </Box>
      </Container>
    </>
  );
}
