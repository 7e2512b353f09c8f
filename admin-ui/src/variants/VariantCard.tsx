import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/Group';
import type { PaymentType, VariantListItem } from '@affilux/contract';
import { Box, Card, CardActions, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormatters } from '../format';
import { AdminOnly } from '../shared/canWrite';

interface VariantCardProps {
  variant: VariantListItem;
  paymentType: PaymentType;
  onEdit: () => void;
  onDelete: () => void;
}

/** A variant in the grid: its rate (or tiers), its version, who uses it, and its actions. */
export const VariantCard = ({ variant, paymentType, onEdit, onDelete }: VariantCardProps) => {
  const translate = useTranslate();
  const format = useFormatters();
  const inUse = variant.affiliate_count > 0;
  const deleteLabel = inUse ? translate('app.variants.delete_disabled', { smart_count: variant.affiliate_count }) : translate('app.variants.delete', { name: variant.name });

  return (
    <Card sx={{ display: 'flex', flexDirection: 'column' }} data-testid={`variant-card-${variant.id}`}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {variant.name}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
            <Chip
              size="small"
              color={variant.is_evolutionary ? 'secondary' : 'default'}
              label={translate(variant.is_evolutionary ? 'app.variants.evolutionary' : 'app.variants.fixed')}
            />
            <Tooltip title={translate('app.variants.version_title', { version: variant.version })}>
              <Chip size="small" variant="outlined" label={translate('app.variants.version', { version: variant.version })} data-testid={`variant-version-${variant.id}`} />
            </Tooltip>
          </Stack>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {translate('app.variants.created_on', { date: format.date(variant.created_at) })}
        </Typography>

        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mt: 1.5 }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`variant-amount-${variant.id}`}>
            {format.euros(variant.base_amount)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(`app.variants.per_conversion.${paymentType}`)}
          </Typography>
        </Stack>
        {!variant.is_evolutionary ? null : (
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }} data-testid={`variant-tiers-${variant.id}`}>
            {variant.tiers.map((tier) => (
              <Box
                component="li"
                key={tier.tier_level}
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}
              >
                <Typography variant="body2">
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {translate('app.variants.tier', { n: tier.tier_level })}
                  </Box>
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {' · '}
                    {tier.max_sales === null
                      ? translate(`app.variants.sales_from.${paymentType}`, { min: tier.min_sales })
                      : translate(`app.variants.sales_range.${paymentType}`, { min: tier.min_sales, max: tier.max_sales })}
                  </Box>
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {format.euros(tier.amount)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 1.5, pt: 0, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <GroupIcon fontSize="small" />
          <Typography variant="body2" data-testid={`variant-usage-${variant.id}`}>
            {inUse ? translate('app.variants.used_by', { smart_count: variant.affiliate_count }) : translate('app.variants.unused')}
          </Typography>
        </Stack>
        <AdminOnly>
          <Box>
          <Tooltip title={translate('app.variants.edit', { name: variant.name })}>
            <IconButton aria-label={translate('app.variants.edit', { name: variant.name })} onClick={onEdit} data-testid={`variant-edit-${variant.id}`}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={deleteLabel}>
            {/* A span, so the tooltip still explains a disabled button. */}
            <span>
              <IconButton color="error" aria-label={deleteLabel} onClick={onDelete} disabled={inUse} data-testid={`variant-delete-${variant.id}`}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          </Box>
        </AdminOnly>
      </CardActions>
    </Card>
  );
};
