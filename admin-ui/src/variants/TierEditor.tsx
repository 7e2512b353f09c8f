import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlined';
import { addTier, removeTier, type VariantTierInput } from '@affilux/contract';
import { Box, Button, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormatters } from '../format';

interface TierEditorProps {
  tiers: VariantTierInput[];
  onChange: (tiers: VariantTierInput[]) => void;
  /** Fields with a broken rule (`tiers.1.amount`), shown in red. */
  invalid: ReadonlySet<string>;
  /** Said when a removal is refused (the rule of the minimum). */
  onRefused: (message: string) => void;
}

/** An empty or partly typed number stays NaN, which the rules refuse, instead of silently becoming 0. */
const toCount = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const shown = (value: number | null) => (value === null || Number.isNaN(value) ? '' : String(value));

/**
 * The tiers of an evolutionary variant: the first starts at 0 (fixed), the last has no maximum
 * (shown ∞), "Add a tier" and "Remove" follow the shared steps (contract: addTier, removeTier).
 */
export const TierEditor = ({ tiers, onChange, invalid, onRefused }: TierEditorProps) => {
  const translate = useTranslate();
  const { typedDecimal } = useFormatters();
  const set = (index: number, change: Partial<VariantTierInput>) => onChange(tiers.map((tier, i) => (i === index ? { ...tier, ...change } : tier)));
  const remove = (index: number) => {
    const result = removeTier(tiers, index);
    if (result.ok) onChange(result.tiers);
    else onRefused(result.msg);
  };

  return (
    <Box data-testid="tier-editor">
      {tiers.map((tier, index) => {
        const last = index === tiers.length - 1;
        const n = index + 1;
        const field = (name: string) => ({ error: invalid.has(`tiers.${index}.${name}`), 'data-testid': `tier-${index}-${name}` });
        return (
          <Box
            key={index}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr 1fr 1fr auto', sm: '84px 1fr 1fr 1fr auto' },
              gridTemplateAreas: { xs: '"level level level remove" "min max amount amount"', sm: '"level min max amount remove"' },
              columnGap: 1,
              alignItems: 'center',
              py: 0.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
            data-testid={`tier-${index}`}
          >
            <Typography variant="subtitle2" sx={{ gridArea: 'level', pt: { xs: 0.5, sm: 0 } }}>
              {translate('app.variants.tier', { n })}
            </Typography>
            <TextField
              sx={{ gridArea: 'min' }}
              type="number"
              label={translate('app.variants.dialog.min_sales')}
              value={shown(tier.min_sales)}
              disabled={index === 0}
              onChange={(event) => set(index, { min_sales: toCount(event.target.value) })}
              error={field('min_sales').error}
              slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': field('min_sales')['data-testid'] } }}
            />
            <TextField
              sx={{ gridArea: 'max' }}
              type={last ? 'text' : 'number'}
              label={translate('app.variants.dialog.max_sales')}
              value={last ? translate('app.variants.dialog.open_ended') : shown(tier.max_sales)}
              disabled={last}
              onChange={(event) => {
                const max = toCount(event.target.value);
                // The next tier follows on: it starts at the sale after this one ends.
                onChange(tiers.map((t, i) => (i === index ? { ...t, max_sales: max } : i === index + 1 && Number.isInteger(max) ? { ...t, min_sales: max + 1 } : t)));
              }}
              error={field('max_sales').error}
              slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': field('max_sales')['data-testid'] } }}
            />
            <TextField
              sx={{ gridArea: 'amount' }}
              label={translate('app.variants.dialog.amount')}
              value={tier.amount}
              onChange={(event) => set(index, { amount: event.target.value })}
              error={field('amount').error}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': field('amount')['data-testid'] } }}
            />
            <Tooltip title={translate('app.variants.dialog.remove_tier', { n })}>
              <IconButton
                sx={{ gridArea: 'remove', justifySelf: 'end' }}
                aria-label={translate('app.variants.dialog.remove_tier', { n })}
                onClick={() => remove(index)}
                data-testid={`tier-${index}-remove`}
              >
                <RemoveIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        );
      })}
      <Button startIcon={<AddIcon />} onClick={() => onChange(addTier(tiers).map((tier, index) => (index === tiers.length ? { ...tier, amount: typedDecimal(tier.amount) } : tier)))} sx={{ mt: 1 }} data-testid="tier-add">
        {translate('app.variants.dialog.add_tier')}
      </Button>
    </Box>
  );
};
