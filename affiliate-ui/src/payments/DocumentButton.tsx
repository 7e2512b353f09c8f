import { DownloadOutlined } from '@mui/icons-material';
import { Button, CircularProgress, type ButtonProps } from '@mui/material';
import { creditNoteReferenceText, paymentReferenceText, type AffiliatePayment } from '@affilux/contract';
import { useTranslation } from 'react-i18next';
import type { PaymentDocument } from './paymentsApi';
import type { PaymentDocuments } from './usePaymentDocuments';

/**
 * Downloads one of a payment's documents, or nothing while it has none (no invoice yet, no credit
 * note). Its accessible name gives the document's number ('Télécharger l'avoir AV-0001'), which is
 * also its label unless a shorter one is given.
 */
export function DocumentButton({
  payment,
  document,
  documents,
  label,
  variant = 'outlined',
  size,
  testId,
}: {
  payment: AffiliatePayment;
  document: PaymentDocument;
  documents: PaymentDocuments;
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  testId: string;
}) {
  const { t } = useTranslation('payments');
  const { downloading, download } = documents;
  let name: string;
  if (document === 'invoice') {
    if (payment.reference === null) return null;
    name = `${t('history.download')} ${paymentReferenceText(payment.reference)}`;
  } else {
    if (payment.credit_note == null) return null;
    name = t('history.downloadCreditNote', { reference: creditNoteReferenceText(payment.credit_note) });
  }
  const busy = downloading?.id === payment.id && downloading.document === document;
  return (
    <Button
      size={size}
      variant={variant}
      startIcon={busy ? <CircularProgress size={16} /> : <DownloadOutlined />}
      disabled={downloading !== null}
      onClick={(event) => {
        event.stopPropagation();
        void download(payment, document);
      }}
      // What it shows ("PDF") first, then what it downloads: voice control finds it by its text.
      aria-label={label && label !== name ? `${label} : ${name}` : name}
      data-testid={testId}
    >
      {busy ? t('history.downloading') : (label ?? name)}
    </Button>
  );
}
