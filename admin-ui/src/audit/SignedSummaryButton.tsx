import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { serverMessage } from '../providers/serverError';
import { useAuditCalls } from './api';

/** Downloads the signed summary (log position, tables' and invoices' SHA-256, HMAC signature) to keep. */
export const SignedSummaryButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { downloadSummary } = useAuditCalls();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const summary = await downloadSummary();
      notify('app.audit.summary.downloaded', { type: 'success', messageArgs: { position: summary.position } });
    } catch (error) {
      notify(serverMessage(error) ?? translate('app.audit.summary.error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<VerifiedUserIcon />} disabled={busy} onClick={() => void download()} data-testid="audit-summary-download">
      {translate('app.audit.summary.download')}
    </Button>
  );
};
