import type { AffiliatePayment } from '@affilux/contract';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A payment not yet sent ('En cours') or failed; nothing for a paid one. */
export function StatusChip({ payment }: { payment: Pick<AffiliatePayment, 'status'> }) {
  const { t } = useTranslation('payments');
  if (!payment.status || payment.status === 'paid') return null;
  return <Chip size="small" color={payment.status === 'failed' ? 'error' : 'default'} label={t(`status.${payment.status}`)} sx={{ ml: 1 }} />;
}

