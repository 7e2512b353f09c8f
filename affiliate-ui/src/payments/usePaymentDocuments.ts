import type { AffiliatePayment } from '@affilux/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../api/client';
import { useSession } from '../session/SessionProvider';
import { paymentsApi, type PaymentDocument } from './paymentsApi';

/** Downloads a payment's invoice or credit note with the spec's toasts, one at a time; `downloading` is the one under way. */
export function usePaymentDocuments() {
  const { t } = useTranslation('payments');
  const { user } = useSession();
  const [downloading, setDownloading] = useState<{ id: string; document: PaymentDocument } | null>(null);
  const download = useCallback(
    async (payment: Pick<AffiliatePayment, 'id' | 'week_label'>, document: PaymentDocument) => {
      if (!user || user.unique_id === null) return;
      setDownloading({ id: payment.id, document });
      try {
        await paymentsApi.downloadDocument(payment, document, user.unique_id);
        toastSuccess(t(`${document}.downloaded`));
      } catch (error) {
        toastError(error, t(`${document}.error`));
      } finally {
        setDownloading(null);
      }
    },
    [t, user],
  );
  return { downloading, download };
}

export type PaymentDocuments = ReturnType<typeof usePaymentDocuments>;
