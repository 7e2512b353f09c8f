import LockIcon from '@mui/icons-material/Lock';
import PublicIcon from '@mui/icons-material/Public';
import { Box, Chip, Tooltip, Typography } from '@mui/material';
import { formatAffiliateId, uploadUrl, type OfferView } from '@affilux/contract';
import { useTranslate } from 'react-admin';

/** The ID cell: 5 digits, a private/public icon and the active/inactive badge. */
export const OfferIdCell = ({ offer }: { offer: Pick<OfferView, 'unique_id' | 'is_private' | 'status'> }) => {
  const translate = useTranslate();
  const access = translate(offer.is_private ? 'app.offers.private' : 'app.offers.public');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
      <Typography component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
        {formatAffiliateId(offer.unique_id)}
      </Typography>
      <Tooltip title={access}>
        {offer.is_private ? <LockIcon fontSize="small" color="warning" aria-label={access} /> : <PublicIcon fontSize="small" color="action" aria-label={access} />}
      </Tooltip>
      <Chip
        size="small"
        label={translate(`app.offers.${offer.status}`)}
        color={offer.status === 'active' ? 'success' : 'default'}
        variant={offer.status === 'active' ? 'filled' : 'outlined'}
      />
    </Box>
  );
};

/** The brand image as a small 1200:350 thumbnail (or a placeholder). */
export const OfferImage = ({ name, width = 120, maxWidth }: { name: string | null; width?: number | string; maxWidth?: number }) => {
  const translate = useTranslate();
  return name ? (
    <Box component="img" src={uploadUrl(name)} alt="" sx={{ width, maxWidth, aspectRatio: '1200 / 350', objectFit: 'cover', borderRadius: 1, display: 'block', bgcolor: 'grey.100' }} />
  ) : (
    <Box sx={{ width, maxWidth, aspectRatio: '1200 / 350', borderRadius: 1, bgcolor: 'grey.100', color: 'text.secondary', display: 'grid', placeItems: 'center', fontSize: 11 }}>
      {translate('app.offers.no_image')}
    </Box>
  );
};

/** Brand name with the template count and (private offers) the authorised affiliate count. */
export const OfferNameCell = ({ offer }: { offer: Pick<OfferView, 'brand_name' | 'template_count' | 'is_private' | 'private_affiliate_count'> }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{offer.brand_name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.offers.templates_count', { smart_count: offer.template_count })}
        {offer.is_private ? ` · ${translate('app.offers.affiliates_count', { smart_count: offer.private_affiliate_count })}` : ''}
      </Typography>
    </Box>
  );
};
