import type { AffiliatePayment } from '@affilux/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../api/client';
import { useSession } from '../session/SessionProvider';
import { paymentsApi } from './paymentsApi';

/** Downloads a payment's invoice with the spec's toasts; `downloading` is the payment under way. */
export function useInvoiceDownload() {
  const { t } = useTranslation('payments');
  const { user } = useSession();
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = useCallback(
    async (payment: Pick<AffiliatePayment, 'id' | 'week_label'>) => {
      if (!user || user.unique_id === null) return;
      setDownloading(payment.id);
      try {
        await paymentsApi.downloadInvoice(payment, user.unique_id);
        toastSuccess(t('invoice.downloaded'));
      } catch (error) {
        toastError(error, t('invoice.error'));
      } finally {
        setDownloading(null);
      }
    },
    [t, user],
  );
  return { downloading, download };
}
