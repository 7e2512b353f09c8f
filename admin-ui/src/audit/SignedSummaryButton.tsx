import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAuditCalls } from './api';
import { useDownload } from './hooks';

/** Downloads the signed summary (log position, tables' and invoices' SHA-256, HMAC signature) to keep. */
export const SignedSummaryButton = () => {
  const translate = useTranslate();
  const { downloadSummary } = useAuditCalls();
  const download = useDownload();
  return (
    <Button
      variant="outlined"
      startIcon={<VerifiedUserIcon />}
      disabled={download.busy}
      onClick={() => void download.run(downloadSummary, translate('app.audit.summary.downloaded'), translate('app.audit.summary.error'))}
      data-testid="audit-summary-download"
    >
      {translate('app.audit.summary.download')}
    </Button>
  );
};
