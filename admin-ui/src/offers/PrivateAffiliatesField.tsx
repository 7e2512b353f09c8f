import CancelIcon from '@mui/icons-material/Cancel';
import { Alert, Box, Button, Chip, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { affiliateIdTextError, cleanAsTyped, formatAffiliateId, sanitizeReferralInput } from '@affilux/contract';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

export type AffiliateValidation =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'valid'; affiliates: { unique_id: number; name: string }[] }
  | { state: 'error'; message: string };

/** The private offer's affiliates: 5-digit ids as chips, checked on the server whenever the list changes. */
export const PrivateAffiliatesField = ({ ids, onChange, validation, error }: { ids: number[]; onChange: (ids: number[]) => void; validation: AffiliateValidation; error?: string }) => {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string>();
  const add = () => {
    const broken = affiliateIdTextError(input);
    if (broken) {
      setInputError(translate(`app.offers.affiliates.${broken}`));
      return;
    }
    const id = Number(input);
    if (!ids.includes(id)) onChange([...ids, id]);
    setInput('');
    setInputError(undefined);
  };
  const names = validation.state === 'valid' ? new Map(validation.affiliates.map((a) => [a.unique_id, a.name])) : new Map<number, string>();
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">{translate('app.offers.affiliates.help')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={translate('app.offers.affiliates.input')}
          value={input}
          onChange={(event) => { setInput(cleanAsTyped(event.target, sanitizeReferralInput)); setInputError(undefined); }}
          onKeyDown={(event) => { if (event.key === 'Enter') { event.preventDefault(); add(); } }}
          error={inputError !== undefined}
          helperText={inputError}
          placeholder="00000"
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'private-affiliate-input' } }}
        />
        <Button variant="outlined" onClick={add} data-testid="private-affiliate-add">{translate('app.offers.affiliates.add')}</Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }} data-testid="private-affiliates">
        {ids.length === 0 && <Typography variant="body2" color="text.secondary">{translate('app.offers.affiliates.none')}</Typography>}
        {ids.map((id) => (
          <Chip
            key={id}
            label={names.get(id) ? `${formatAffiliateId(id)} · ${names.get(id)}` : formatAffiliateId(id)}
            onDelete={() => onChange(ids.filter((other) => other !== id))}
            deleteIcon={<CancelIcon aria-label={translate('app.offers.affiliates.remove', { id: formatAffiliateId(id) })} />}
          />
        ))}
      </Box>
      {validation.state === 'checking' && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary' }}><CircularProgress size={16} /> {translate('app.offers.affiliates.checking')}</Box>
      )}
      {validation.state === 'valid' && ids.length > 0 && <Alert severity="success" data-testid="private-affiliates-valid">{translate('app.offers.affiliates.valid')}</Alert>}
      {validation.state === 'error' && <Alert severity="error" data-testid="private-affiliates-error">{validation.message}</Alert>}
      {error && <Alert severity="error" data-testid="private-affiliates-required">{error}</Alert>}
    </Stack>
  );
};
