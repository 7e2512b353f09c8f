import { cleanAsTyped } from '@affilux/contract';
import { MarkEmailReadOutlined } from '@mui/icons-material';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, toastError, toastSuccess } from '../api/client';
import { usePageTitle } from '../layout/usePageTitle';
import { useSession } from '../session/SessionProvider';
import { isCompleteCode, sanitizeCode } from './account/accountRules';

/**
 * The blocking modal of an affiliate whose email is not verified: it cannot be dismissed; a
 * successful verification refreshes the session, whose verified user unmounts it.
 */
export function EmailVerificationModal({ email }: { email: string }) {
  const { t } = useTranslation('affiliate');
  const { refresh, logout } = useSession();
  usePageTitle(t('verification.title'));
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  async function sendCode() {
    setSending(true);
    try {
      await api('/auth/send-verification-code', { method: 'POST' });
      setSent(true);
      toastSuccess(t('verification.sent'));
      // The button, disabled while sending, lost the focus: it goes where the code is to be typed.
      codeInput.current?.focus();
    } catch (error) {
      toastError(error, t('verification.sendFailed'));
    } finally {
      setSending(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!isCompleteCode(code)) return;
    setVerifying(true);
    try {
      await api('/auth/verify-email', { body: { code } });
      toastSuccess(t('verification.verified'));
      await refresh();
    } catch (error) {
      toastError(error, t('verification.invalidCode'));
      setVerifying(false);
    }
  }

  const incomplete = code.length > 0 && !isCompleteCode(code);

  return (
    <Dialog open fullWidth maxWidth="xs" aria-labelledby="verification-title" data-testid="verification-modal">
      <form noValidate onSubmit={verify}>
        <DialogTitle id="verification-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <MarkEmailReadOutlined color="primary" />
          {t('verification.title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <Typography color="text.secondary">
              {sent ? t('verification.sentTo', { email }) : t('verification.intro', { email })}
            </Typography>
            <Button variant={sent ? 'text' : 'outlined'} onClick={sendCode} disabled={sending} data-testid="verification-send" sx={{ alignSelf: 'flex-start' }}>
              {sending ? t('verification.sending') : sent ? t('verification.resend') : t('verification.send')}
            </Button>
            <TextField
              label={t('verification.code')}
              value={code}
              onChange={(event) => setCode(cleanAsTyped(event.target, sanitizeCode))}
              error={incomplete}
              helperText={incomplete ? t('verification.codeFormat') : ' '}
              autoComplete="one-time-code"
              inputRef={codeInput}
              slotProps={{
                htmlInput: {
                  inputMode: 'numeric',
                  'data-testid': 'verification-code',
                  style: { letterSpacing: '0.5em', fontSize: '1.4rem', textAlign: 'center' },
                },
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, justifyContent: 'space-between' }}>
          <Button color="inherit" onClick={logout} data-testid="verification-logout">
            {t('nav.logout')}
          </Button>
          <Button type="submit" variant="contained" disabled={!isCompleteCode(code) || verifying} data-testid="verification-submit">
            {verifying ? t('verification.verifying') : t('verification.verify')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
