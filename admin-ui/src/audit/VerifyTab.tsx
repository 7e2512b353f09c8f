import FactCheckIcon from '@mui/icons-material/FactCheck';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { AuditTableComparison, AuditVerifyReport } from '@affilux/contract';
import { alpha, Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ResponsiveRows } from '../imports/ResponsiveRows';
import { serverMessage } from '../providers/serverError';
import { useAuditCalls } from './api';
import { useAuditFormat } from './format';
import { AuditCard, Facts, MatchChip, Mono } from './parts';
import { SignedSummaryButton } from './SignedSummaryButton';

const Tables = ({ tables }: { tables: AuditTableComparison[] }) => {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const column = (id: string) => translate(`app.audit.verify.columns.${id}`);
  const differs = (table: AuditTableComparison) =>
    table.identical ? '—' : translate('app.audit.verify.differs', { only_live: table.only_live, only_rebuilt: table.only_rebuilt });
  return (
    <ResponsiveRows
      phone={phone}
      inset={false}
      items={tables}
      keyOf={(table) => table.table}
      testIdOf={(table) => `audit-verify-table-${table.table}`}
      rowSx={(table) => (table.identical ? {} : { bgcolor: (theme: Theme) => alpha(theme.palette.error.main, 0.06) })}
      columns={[
        { id: 'table', label: column('table'), cell: (table) => <Mono>{table.table}</Mono> },
        { id: 'read_model', label: column('read_model'), cell: (table) => table.read_model },
        { id: 'live', label: column('live'), cell: (table) => table.live_rows, align: 'right' },
        { id: 'rebuilt', label: column('rebuilt'), cell: (table) => table.rebuilt_rows, align: 'right' },
        { id: 'differences', label: column('differences'), cell: differs },
        { id: 'result', label: column('result'), cell: (table) => <MatchChip ok={table.identical} testId={`audit-verify-badge-${table.table}`} /> },
      ]}
      card={(table) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Box sx={{ minWidth: 0 }}>
            <Mono>{table.table}</Mono>
            <Typography variant="caption" color="text.secondary" component="div">
              {translate('app.audit.verify.rows', { live: table.live_rows, rebuilt: table.rebuilt_rows })}
              {!table.identical && ` · ${differs(table)}`}
            </Typography>
          </Box>
          <MatchChip ok={table.identical} testId={`audit-verify-badge-${table.table}`} />
        </Stack>
      )}
    />
  );
};

const Report = ({ report }: { report: AuditVerifyReport }) => {
  const translate = useTranslate();
  const format = useAuditFormat();
  const seconds = (new Date(report.finished_at).getTime() - new Date(report.started_at).getTime()) / 1000;
  return (
    <Stack spacing={2} data-testid="audit-verify-report">
      <Alert severity={report.identical ? 'success' : 'error'} data-testid="audit-verify-result">
        {translate(report.identical ? 'app.audit.verify.all_identical' : 'app.audit.verify.some_differ', { smart_count: report.differences.length })}
      </Alert>
      <AuditCard title={translate('app.audit.verify.replay')}>
        <Facts
          items={[
            { label: translate('app.audit.verify.position'), value: <Mono>{report.position}</Mono> },
            { label: translate('app.audit.verify.events'), value: format.count(report.events) },
            { label: translate('app.audit.verify.finished'), value: format.instant(report.finished_at) },
            { label: translate('app.audit.verify.duration'), value: translate('app.audit.verify.seconds', { seconds: format.decimal(seconds, 1) }) },
            { label: translate('app.audit.verify.payouts'), value: translate('app.audit.verify.matching', { matching: report.payouts.matching, checked: report.payouts.checked }), testId: 'audit-verify-payouts' },
            { label: translate('app.audit.verify.invoices'), value: translate('app.audit.verify.matching', { matching: report.invoices.matching, checked: report.invoices.checked }), testId: 'audit-verify-invoices' },
            { label: translate('app.audit.verify.credit_notes'), value: translate('app.audit.verify.matching', { matching: report.credit_notes.matching, checked: report.credit_notes.checked }), testId: 'audit-verify-credit-notes' },
          ]}
        />
      </AuditCard>
      {report.differences.length > 0 && (
        <AuditCard title={translate('app.audit.verify.differences')} testId="audit-verify-differences">
          <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
            {report.differences.map((line) => <Typography component="li" variant="body2" key={line}>{line}</Typography>)}
          </Stack>
        </AuditCard>
      )}
      <AuditCard title={translate('app.audit.verify.tables', { smart_count: report.tables.length })} testId="audit-verify-tables">
        <Tables tables={report.tables} />
      </AuditCard>
    </Stack>
  );
};

/** /admin/audit/verify: rebuilds every read model from the first event into a scratch schema, compares it table by table, recomputes payouts and invoices. */
export const VerifyTab = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { verify } = useAuditCalls();
  const [running, setRunning] = useState(false);
  const [report, setReport] = useState<AuditVerifyReport | null>(null);
  const run = async () => {
    setRunning(true);
    try {
      const result = await verify();
      setReport(result);
      notify(result.identical ? 'app.audit.verify.done_identical' : 'app.audit.verify.done_differs', { type: result.identical ? 'success' : 'warning' });
    } catch (error) {
      notify(serverMessage(error) ?? translate('app.audit.verify.error'), { type: 'error' });
    } finally {
      setRunning(false);
    }
  };
  return (
    <Stack spacing={2} data-testid="audit-verify">
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <FactCheckIcon color="primary" />
              <Typography variant="body2" color="text.secondary">{translate('app.audit.verify.intro')}</Typography>
            </Stack>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', flexShrink: 0 }}>
              <Button variant="contained" startIcon={<PlayArrowIcon />} disabled={running} onClick={() => void run()} data-testid="audit-verify-run">
                {translate('app.audit.verify.run')}
              </Button>
              <SignedSummaryButton />
            </Stack>
          </Stack>
          {running && (
            <Box sx={{ mt: 2 }}>
              <LinearProgress />
              <Typography variant="caption" color="text.secondary">{translate('app.audit.verify.running')}</Typography>
            </Box>
          )}
        </CardContent>
      </Card>
      {report && <Report report={report} />}
    </Stack>
  );
};
