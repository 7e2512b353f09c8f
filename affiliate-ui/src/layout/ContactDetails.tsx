import AccessTimeRoundedIcon from '@mui/icons-material/AccessTimeRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import ScheduleSendRoundedIcon from '@mui/icons-material/ScheduleSendRounded';
import TelegramIcon from '@mui/icons-material/Telegram';
import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const SUPPORT_EMAIL = 'support@affilux.com';

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }}>{icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.4 }}>
          {label}
        </Typography>
        <Box sx={{ typography: 'body2', fontWeight: 600, overflowWrap: 'anywhere' }}>{children}</Box>
      </Box>
    </Stack>
  );
}

/** Support email, messaging channel (not open yet), opening hours and response time. */
export function ContactDetails() {
  const { t } = useTranslation('layout');
  return (
    <Stack spacing={2} data-testid="contact-details">
      <Detail icon={<MailOutlineRoundedIcon fontSize="small" />} label={t('support.email')}>
        <Link href={`mailto:${SUPPORT_EMAIL}`} color="inherit">
          {SUPPORT_EMAIL}
        </Link>
      </Detail>
      <Detail icon={<TelegramIcon fontSize="small" />} label={t('support.messaging')}>
        <Chip size="small" label={t('support.comingSoon')} color="secondary" variant="outlined" data-testid="messaging-coming-soon" />
      </Detail>
      <Detail icon={<AccessTimeRoundedIcon fontSize="small" />} label={t('support.hoursLabel')}>
        {t('support.hours')}
      </Detail>
      <Detail icon={<ScheduleSendRoundedIcon fontSize="small" />} label={t('support.replyLabel')}>
        {t('support.reply')}
      </Detail>
    </Stack>
  );
}
