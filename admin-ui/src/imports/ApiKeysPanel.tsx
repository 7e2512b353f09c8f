import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyIcon from '@mui/icons-material/Key';
import KeyOffIcon from '@mui/icons-material/KeyOff';
import { API_KEY_MAX_OFFERS, API_KEY_NAME_MAX_LENGTH, formatAffiliateId, type ApiKeyView, type CreatedApiKey, type OfferView } from '@affilux/contract';
import {
  Alert, AlertTitle, Autocomplete, Box, Button, Card, CardContent, Chip, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, TextField,
  Typography, useMediaQuery, type Theme,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { serverMessage } from '../providers/serverError';
import { EmptyState } from '../shared/EmptyState';
import { FormDialog } from '../shared/FormDialog';
import { useCanWrite } from '../shared/canWrite';
import { useImportCalls } from './importsApi';
import { ResponsiveRows } from './ResponsiveRows';
import { CarefulConfirm } from '../dialogs/CarefulConfirm';

const API_KEYS = 'api-keys';

/** How a brand's system sends a file with its key. */
const curlExample = (key: string) =>
  `curl -X POST ${window.location.origin}/api/v1/stats/import \\\n  -H "X-Api-Key: ${key}" \\\n  -H "Content-Type: text/csv" -H "X-File-Name: stats.csv" \\\n  --data-binary @stats.csv`;

const Code = ({ text, testId }: { text: string; testId?: string }) => (
  <Box component="pre" data-testid={testId} sx={{ m: 0, p: 1.25, bgcolor: 'grey.100', borderRadius: 1, fontSize: 12.5, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{text}</Box>
);

const CopyButton = ({ text, testId }: { text: string; testId: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<ContentCopyIcon />}
      data-testid={testId}
      onClick={() => {
        navigator.clipboard?.writeText(text).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          },
          () => notify('app.imports.keys.copy_error', { type: 'error' }),
        );
      }}
    >
      {translate(copied ? 'app.imports.keys.copied' : 'app.imports.keys.copy')}
    </Button>
  );
};

/** The new key, this once: the server keeps only its hash. */
const CreatedKeyDialog = ({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) => {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="api-key-created-title" data-testid="api-key-created-dialog">
      <DialogTitle id="api-key-created-title">{translate('app.imports.keys.created_title', { name: created.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            <AlertTitle>{translate('app.imports.keys.once_title')}</AlertTitle>
            {translate('app.imports.keys.once_body')}
          </Alert>
          <Code text={created.key} testId="api-key-secret" />
          <Box><CopyButton text={created.key} testId="api-key-copy" /></Box>
          <Typography variant="body2" color="text.secondary">{translate('app.imports.keys.usage')}</Typography>
          <Code text={curlExample(created.key)} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} data-testid="api-key-created-close">{translate('app.imports.keys.copied_close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

/** "00001 · LoveMatch": an offer as the keys name it. */
const offerLabel = (offer: { unique_id: number; name: string }) => `${formatAffiliateId(offer.unique_id)} · ${offer.name}`;

/** The offers a key sends figures for; a key made before keys had offers sends for every one. */
const KeyOffers = ({ apiKey }: { apiKey: ApiKeyView }) => {
  const translate = useTranslate();
  return apiKey.offers === null
    ? <Typography variant="body2" color="warning.main">{translate('app.imports.keys.all_offers')}</Typography>
    : <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{apiKey.offers.map(offerLabel).join(', ')}</Typography>;
};

const CreateKeyDialog = ({ onCreated, onClose }: { onCreated: (key: CreatedApiKey) => void; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const calls = useImportCalls();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [chosen, setChosen] = useState<OfferView[]>([]);
  const [offersError, setOffersError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Only offers taking their figures by import can be in a file.
  const offers = useGetList<OfferView>('offers', { pagination: { page: 1, perPage: 500 }, sort: { field: 'unique_id', order: 'ASC' } });
  const choices = (offers.data ?? []).filter((offer) => offer.intake === 'import');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const nameMissing = !name.trim();
    if (nameMissing) setError(translate('app.imports.keys.name_required'));
    if (!chosen.length) setOffersError(translate('app.imports.keys.offers_required'));
    if (nameMissing || !chosen.length) return;
    setBusy(true);
    try {
      onCreated(await calls.createApiKey(name.trim(), chosen.map((offer) => offer.id)));
    } catch (failure) {
      notify(serverMessage(failure) ?? translate('app.imports.keys.create_error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog name="api-key" title={translate('app.imports.keys.create_title')} busy={busy} onSubmit={submit} onClose={onClose} saveLabel={translate('app.imports.keys.create')} maxWidth="sm">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('app.imports.keys.create_help')}</Typography>
      <TextField
        autoFocus
        fullWidth
        label={translate('app.imports.keys.name')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ?? translate('app.imports.keys.name_help')}
        slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX_LENGTH, 'data-testid': 'api-key-name' } }}
      />
      <Autocomplete
        multiple
        sx={{ mt: 2 }}
        options={choices}
        value={chosen}
        onChange={(_, value) => {
          setChosen(value.slice(0, API_KEY_MAX_OFFERS));
          setOffersError(undefined);
        }}
        getOptionLabel={(offer) => offerLabel({ unique_id: offer.unique_id, name: offer.brand_name })}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        loading={offers.isPending}
        noOptionsText={translate(offers.error ? 'app.imports.keys.offers_load_error' : 'app.imports.keys.offers_none')}
        data-testid="api-key-offers"
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate('app.imports.keys.offers')}
            error={Boolean(offersError)}
            helperText={offersError ?? translate('app.imports.keys.offers_help')}
          />
        )}
      />
    </FormDialog>
  );
};

/**
 * The keys brands' systems send their statistics with (`X-Api-Key`): listed without their secret,
 * created (the secret shown once), revoked. Writing is for admins; others (auditors) only read.
 */
export const ApiKeysPanel = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dates = useFormatters();
  const calls = useImportCalls();
  const queryClient = useQueryClient();
  const canWrite = useCanWrite();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const keys = useQuery({ queryKey: [API_KEYS], queryFn: () => calls.getApiKeys() });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [busy, setBusy] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: [API_KEYS] });

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await calls.revokeApiKey(revoking.id);
      notify('app.imports.keys.revoked', { type: 'success', messageArgs: { name: revoking.name } });
    } catch (failure) {
      notify(serverMessage(failure) ?? translate('app.imports.keys.revoke_error'), { type: 'error' });
    } finally {
      setBusy(false);
      setRevoking(null);
      await reload();
    }
  };

  const status = (key: ApiKeyView) =>
    key.revoked_at ? (
      <Chip size="small" label={translate('app.imports.keys.revoked_on', { date: dates.date(key.revoked_at) })} />
    ) : (
      <Chip size="small" color="success" variant="outlined" label={translate('app.imports.keys.active')} />
    );
  const lastUsed = (key: ApiKeyView) => (key.last_used_at ? dates.dateTime(key.last_used_at) : translate('app.imports.keys.never_used'));
  const revokeButton = (key: ApiKeyView) =>
    canWrite && !key.revoked_at ? (
      <Button size="small" color="warning" startIcon={<KeyOffIcon />} onClick={() => setRevoking(key)} data-testid={`api-key-revoke-${key.id}`}>
        {translate('app.imports.keys.revoke')}
      </Button>
    ) : null;
  const list = keys.data ?? [];

  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
            <Box>
              <Typography variant="subtitle1" component="h2">{translate('app.imports.keys.title')}</Typography>
              <Typography variant="body2" color="text.secondary">{translate('app.imports.keys.subtitle')}</Typography>
            </Box>
            {canWrite && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }} data-testid="api-key-create">
                {translate('app.imports.keys.create')}
              </Button>
            )}
          </Stack>
        </CardContent>
        <Box sx={{ height: 2 }}>{keys.isFetching && <LinearProgress sx={{ height: 2 }} />}</Box>
        {keys.isError && !keys.data ? (
          <Alert severity="error" sx={{ m: 2 }}>{translate('app.imports.keys.load_error')}</Alert>
        ) : keys.data && list.length === 0 ? (
          <EmptyState icon={KeyIcon} text={translate('app.imports.keys.empty')} testId="api-keys-empty" />
        ) : (
          <ResponsiveRows
            phone={isSmall}
            items={list}
            keyOf={(key) => key.id}
            testIdOf={(key) => `api-key-${key.id}`}
            rowSx={(key) => ({ opacity: key.revoked_at ? 0.7 : 1 })}
            columns={[
              { id: 'name', label: translate('app.imports.keys.columns.name'), cell: (key) => key.name, sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
              { id: 'offers', label: translate('app.imports.keys.columns.offers'), cell: (key) => <KeyOffers apiKey={key} /> },
              { id: 'prefix', label: translate('app.imports.keys.columns.prefix'), cell: (key) => `afx_${key.prefix}_…`, sx: { fontFamily: 'monospace', whiteSpace: 'nowrap' } },
              { id: 'created_at', label: translate('app.imports.keys.columns.created_at'), cell: (key) => dates.date(key.created_at), sx: { whiteSpace: 'nowrap' } },
              { id: 'last_used_at', label: translate('app.imports.keys.columns.last_used_at'), cell: lastUsed, sx: { whiteSpace: 'nowrap' } },
              { id: 'status', label: translate('app.imports.keys.columns.status'), cell: status },
              ...(canWrite ? [{ id: 'revoke', label: '', cell: revokeButton, align: 'right' as const }] : []),
            ]}
            card={(key) => (
              <>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{key.name}</Typography>
                  {status(key)}
                </Stack>
                <KeyOffers apiKey={key} />
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>afx_{key.prefix}_…</Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate('app.imports.keys.created_on', { date: dates.date(key.created_at) })} · {translate('app.imports.keys.last_used', { date: lastUsed(key) })}
                </Typography>
                {revokeButton(key)}
              </>
            )}
          />
        )}
      </Card>

      <Card>
        <CardContent>
          <Typography variant="subtitle1" component="h2">{translate('app.imports.keys.usage_title')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('app.imports.keys.usage')}</Typography>
          <Code text={curlExample('afx_…')} />
        </CardContent>
      </Card>

      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            void reload();
          }}
        />
      )}
      {created && <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />}
      <CarefulConfirm
        isOpen={revoking !== null}
        loading={busy}
        title="app.imports.keys.revoke_title"
        content="app.imports.keys.revoke_content"
        translateOptions={{ name: revoking?.name ?? '' }}
        contentTranslateOptions={{ name: revoking?.name ?? '' }}
        confirm="app.imports.keys.revoke"
        confirmColor="warning"
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
};
