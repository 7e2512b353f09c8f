import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import InfoIcon from '@mui/icons-material/Info';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { importContentType, type ImportAnswer, type ImportRefusal } from '@affilux/contract';
import { Alert, AlertTitle, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { HttpError, useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { useCountFormatters } from './format';
import { FileButton } from '../shared/FileButton';
import { uploadStatsFile, UploadCancelled, type RunningUpload, type UploadProgress } from './importsApi';
import { RejectedRows } from './RejectedRows';

/** Answers about the file itself (unreadable JSON or CSV, too large, not a statistics file): the same file would get them again. */
const FILE_REFUSED = [400, 413, 415];

type Step =
  | { name: 'idle' }
  | { name: 'sending'; preview: boolean; progress: UploadProgress }
  | { name: 'previewed'; answer: ImportAnswer }
  | { name: 'imported'; answer: ImportAnswer }
  | { name: 'refused'; refusal: ImportRefusal; preview: boolean }
  /** `retry`: whether sending the same file again may go otherwise (not for a file the server refused as it is). */
  | { name: 'failed'; message: string; preview: boolean; retry: boolean };

const Figure = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'grey.50', border: 1, borderColor: 'divider', minWidth: 0 }}>
    <Typography variant="h6" component="p" data-testid={testId}>{value}</Typography>
    <Typography variant="body2" color="text.secondary">{label}</Typography>
  </Box>
);

/** What a file holds and what it would change (or changed). */
const Figures = ({ answer }: { answer: ImportAnswer }) => {
  const translate = useTranslate();
  const format = useCountFormatters();
  const figures: [keyof ImportAnswer & string, number][] = [
    ['rows_received', answer.rows_received],
    ['days_received', answer.days_received],
    ['rows_changed', answer.rows_changed],
    ['days_changed', answer.days_changed],
    ['affiliates', answer.affiliates],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))' }}>
      {figures.map(([name, value]) => (
        <Figure key={name} label={translate(`app.imports.figures.${name}`, { smart_count: value })} value={format.count(value)} testId={`import-${name}`} />
      ))}
    </Box>
  );
};

/** The file picker, also a drop zone. */
const FilePicker = ({ onFile, label }: { onFile: (file: File) => void; label: string }) => {
  const translate = useTranslate();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        border: 2, borderStyle: 'dashed', borderColor: over ? 'primary.main' : 'divider', borderRadius: 2, p: { xs: 2, sm: 3 }, textAlign: 'center',
        bgcolor: over ? 'action.hover' : 'transparent', transition: 'background-color 120ms',
      }}
    >
      <UploadFileIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
      <Typography sx={{ mb: 1.5 }} color="text.secondary">{translate('app.imports.upload.drop')}</Typography>
      <FileButton variant="contained" data-testid="import-choose" accept=".csv,.json,text/csv,application/json" inputTestId="import-file-input" onFile={onFile}>
        {label}
      </FileButton>
    </Box>
  );
};

const Example = ({ children }: { children: ReactNode }) => (
  <Box component="pre" sx={{ m: 0, mt: 0.5, p: 1, bgcolor: 'grey.100', borderRadius: 1, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{children}</Box>
);

/**
 * A statistics file, from the admin's disk to the figures: the file is checked first (preview:
 * what it would change, or every refused row with its reason), then, once confirmed, sent again
 * to be recorded whole. The file is never read by the page: the browser streams it to the server.
 */
export const StatsImportPanel = ({ onImported }: { onImported: () => void }) => {
  const translate = useTranslate();
  const format = useCountFormatters();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const running = useRef<RunningUpload | null>(null);
  useEffect(() => () => running.current?.cancel(), []);

  const send = async (chosen: File, preview: boolean) => {
    if (!importContentType(chosen)) return setStep({ name: 'failed', message: translate('app.imports.upload.wrong_type'), preview, retry: false });
    setStep({ name: 'sending', preview, progress: { sent: 0, total: chosen.size } });
    const upload = uploadStatsFile(chosen, { preview, onProgress: (progress) => setStep({ name: 'sending', preview, progress }) });
    running.current = upload;
    try {
      const outcome = await upload.done;
      if (outcome.kind === 'refused') setStep({ name: 'refused', refusal: outcome.refusal, preview });
      else setStep(preview ? { name: 'previewed', answer: outcome.answer } : { name: 'imported', answer: outcome.answer });
      if (!preview && outcome.kind === 'accepted') onImported();
    } catch (error) {
      if (error instanceof UploadCancelled) return setStep({ name: 'idle' });
      if (await logoutIfAccessDenied(error)) return;
      const fileRefused = error instanceof HttpError && FILE_REFUSED.includes(error.status);
      setStep({ name: 'failed', message: error instanceof Error ? error.message : translate('app.imports.upload.error'), preview, retry: !fileRefused });
    } finally {
      if (running.current === upload) running.current = null;
    }
  };

  const choose = (chosen: File) => {
    setFile(chosen);
    void send(chosen, true);
  };
  const restart = () => {
    setFile(null);
    setStep({ name: 'idle' });
  };

  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Alert severity="info" icon={<InfoIcon />} data-testid="import-whole-file">
            <AlertTitle>{translate('app.imports.whole.title')}</AlertTitle>
            {translate('app.imports.whole.body')}
          </Alert>

          {file && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }} data-testid="import-file">
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{file.name}</Typography>
              <Typography variant="body2" color="text.secondary">{format.bytes(file.size)}</Typography>
            </Box>
          )}

          {step.name === 'idle' && <FilePicker onFile={choose} label={translate('app.imports.upload.choose')} />}

          {step.name === 'sending' && (
            <Box data-testid="import-progress" aria-live="polite">
              {step.progress.sent < step.progress.total ? (
                <>
                  <Typography variant="body2" sx={{ mb: 0.5 }}>
                    {translate('app.imports.upload.sending', {
                      percent: Math.floor((100 * step.progress.sent) / Math.max(1, step.progress.total)),
                      sent: format.bytes(step.progress.sent),
                      total: format.bytes(step.progress.total),
                    })}
                  </Typography>
                  <LinearProgress variant="determinate" value={(100 * step.progress.sent) / Math.max(1, step.progress.total)} />
                </>
              ) : (
                <>
                  <Typography variant="body2" sx={{ mb: 0.5 }}>{translate(step.preview ? 'app.imports.upload.checking' : 'app.imports.upload.recording')}</Typography>
                  <LinearProgress />
                </>
              )}
              <Button size="small" color="inherit" onClick={() => running.current?.cancel()} sx={{ mt: 1 }} data-testid="import-cancel">
                {translate('ra.action.cancel')}
              </Button>
            </Box>
          )}

          {step.name === 'previewed' && (
            <Stack spacing={1.5} data-testid="import-preview">
              <Typography variant="subtitle1" component="h3">{translate('app.imports.preview.title')}</Typography>
              <Figures answer={step.answer} />
              {step.answer.rows_changed === 0 ? (
                <Alert severity="success" data-testid="import-nothing-to-change">{translate('app.imports.preview.nothing')}</Alert>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {translate('app.imports.preview.explain', { smart_count: step.answer.rows_changed, rows: format.count(step.answer.rows_changed), days: format.count(step.answer.days_changed) })}
                </Typography>
              )}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button variant="contained" disabled={step.answer.rows_changed === 0 || !file} onClick={() => file && void send(file, false)} data-testid="import-confirm">
                  {translate('app.imports.preview.confirm', { smart_count: step.answer.rows_changed, rows: format.count(step.answer.rows_changed) })}
                </Button>
                <Button color="inherit" onClick={restart} data-testid="import-restart">{translate('app.imports.upload.other')}</Button>
              </Stack>
            </Stack>
          )}

          {step.name === 'imported' && (
            <Stack spacing={1.5} data-testid="import-done">
              <Alert severity="success" icon={<CheckCircleIcon />}>
                <AlertTitle>{translate(step.answer.import_id ? 'app.imports.done.title' : 'app.imports.done.nothing')}</AlertTitle>
                {step.answer.import_id && (
                  <>
                    {translate('app.imports.done.body', { smart_count: step.answer.rows_changed, rows: format.count(step.answer.rows_changed), days: format.count(step.answer.days_changed), affiliates: format.count(step.answer.affiliates) })}
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                      {translate('app.imports.done.id')} <Box component="code" sx={{ overflowWrap: 'anywhere' }} data-testid="import-id">{step.answer.import_id}</Box>
                    </Typography>
                  </>
                )}
              </Alert>
              <Figures answer={step.answer} />
              <Box><Button variant="outlined" onClick={restart} data-testid="import-another">{translate('app.imports.upload.another')}</Button></Box>
            </Stack>
          )}

          {step.name === 'refused' && (
            <Stack spacing={1.5} data-testid="import-refused">
              <Alert severity="error" icon={<ErrorIcon />}>
                <AlertTitle data-testid="import-refused-title">
                  {translate('app.imports.refused.title', { smart_count: step.refusal.errors_total, count: format.count(step.refusal.errors_total), rows: format.count(step.refusal.rows_received) })}
                </AlertTitle>
                {translate(step.preview ? 'app.imports.refused.body' : 'app.imports.refused.body_after_confirm')}
              </Alert>
              <RejectedRows rows={step.refusal.rejected_rows} total={step.refusal.errors_total} fileName={file?.name ?? 'statistiques'} />
              <Box><Button variant="contained" onClick={restart} data-testid="import-restart">{translate('app.imports.upload.fixed')}</Button></Box>
            </Stack>
          )}

          {step.name === 'failed' && (
            <Stack spacing={1.5}>
              <Alert severity="error" data-testid="import-error">{step.message}</Alert>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                {file && step.retry && (
                  <Button variant="contained" onClick={() => void send(file, step.preview)} data-testid="import-retry">{translate('app.imports.upload.retry')}</Button>
                )}
                <Button variant={step.retry ? 'text' : 'contained'} color={step.retry ? 'inherit' : 'primary'} onClick={restart} data-testid="import-restart">{translate('app.imports.upload.other')}</Button>
              </Stack>
            </Stack>
          )}

          <Box component="details" sx={{ '& summary': { cursor: 'pointer', color: 'text.secondary' } }}>
            <Typography component="summary" variant="body2">{translate('app.imports.format.title')}</Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>{translate('app.imports.format.json')}</Typography>
            <Example>{'{ "rows": [ { "source": "00042", "stat_date": "2026-11-16", "data": { "siteGroups": { "10001": { "click": 120, "registered": 14, "essay": 3, "bill": 1, "trackers": { "a": { "s1": "fb", "s2": "camp1", "click": 40, "registered": 5, "essay": 1 } } } } } } ] }'}</Example>
            <Typography variant="body2" sx={{ mt: 1 }}>{translate('app.imports.format.csv')}</Typography>
            <Example>{'source,stat_date,data\n00042,2026-11-16,"{""globals"":{""click"":30,""registered"":3,""essay"":1}}"'}</Example>
            <Typography variant="body2" sx={{ mt: 1 }} color="text.secondary">{translate('app.imports.format.rules')}</Typography>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
};
