import { Search } from '@mui/icons-material';
import { Box, Button, Chip, InputAdornment, LinearProgress, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { formatAffiliateId, uploadUrl, type AffiliateOfferView } from '@affilux/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../api/client';
import { usePageTitle } from '../layout/usePageTitle';
import { useSession } from '../session/SessionProvider';
import { usePptInfo } from './Compensation';
import { OfferDetailsDialog } from './OfferDetailsDialog';
import { chosenTemplate, DEFAULT_CHOICE, filterOffers, type OfferChoice } from './offerSearch';

/** Below 768px the image column is hidden (spec). */
const HIDE_ON_MOBILE = { '@media (max-width: 767.95px)': { display: 'none' } };
/** Below this width the category moves under the offer's name, leaving the details button room. */
const NARROW = '@media (max-width: 479.95px)';

/** /affiliate/offers: the offers this affiliate may promote, searchable, each with its details modal. */
export function OffersPage() {
  const { t } = useTranslation('offers');
  usePageTitle(t('title'));
  const { user } = useSession();
  const [offers, setOffers] = useState<AffiliateOfferView[] | null>(null);
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, OfferChoice>>({});
  const ppt = usePptInfo();

  useEffect(() => {
    api<AffiliateOfferView[]>('/affiliate/offers/available').then(setOffers, (error) => {
      setOffers([]);
      toast.error(errorMessage(error, t('loadError')));
    });
  }, [t]);

  const shown = useMemo(() => filterOffers(offers ?? [], query), [offers, query]);
  const open = offers?.find((o) => o.id === openId) ?? null;
  const choiceOf = (id: string) => choices[id] ?? DEFAULT_CHOICE;
  const updateChoice = useCallback(
    (update: (choice: OfferChoice) => OfferChoice) => {
      if (openId) setChoices((all) => ({ ...all, [openId]: update(all[openId] ?? DEFAULT_CHOICE) }));
    },
    [openId],
  );
  if (!user) return null;

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>{t('title')}</Typography>
      <TextField
        fullWidth
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('search')}
        sx={{ mb: 2, maxWidth: 520 }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search /></InputAdornment> }, htmlInput: { 'data-testid': 'offers-search', 'aria-label': t('search') } }}
      />
      {offers === null ? (
        <LinearProgress />
      ) : shown.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3, color: 'text.secondary' }} data-testid="offers-empty">
          {offers.length === 0 ? t('none') : t('empty')}
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
          <Table data-testid="offers-table" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.id')}</TableCell>
                <TableCell sx={HIDE_ON_MOBILE}>{t('columns.image')}</TableCell>
                <TableCell>{t('columns.name')}</TableCell>
                <TableCell sx={{ [NARROW]: { display: 'none' } }}>{t('columns.category')}</TableCell>
                <TableCell align="right" sx={{ position: 'relative' }}><Box component="span" sx={visuallyHidden}>{t('columns.actions')}</Box></TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((offer) => {
                const template = chosenTemplate(offer.templates, choiceOf(offer.id).templateId);
                return (
                  <TableRow key={offer.id} hover data-testid={`offer-row-${formatAffiliateId(offer.unique_id)}`}>
                    <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{formatAffiliateId(offer.unique_id)}</TableCell>
                    <TableCell sx={HIDE_ON_MOBILE}>
                      {offer.brand_image ? (
                        <Box component="img" src={uploadUrl(offer.brand_image)} alt="" sx={{ width: 160, aspectRatio: '1200 / 350', objectFit: 'cover', borderRadius: 1, display: 'block', bgcolor: 'grey.100' }} />
                      ) : (
                        <Box sx={{ width: 160, aspectRatio: '1200 / 350', borderRadius: 1, bgcolor: 'grey.100' }} />
                      )}
                    </TableCell>
                    <TableCell>
                      <Typography sx={{ fontWeight: 600 }}>{offer.brand_name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t('templateCount', { count: offer.template_count })}
                        {template ? ` · ${t('chosenTemplate', { id: template.id })}` : ''}
                      </Typography>
                      <Chip size="small" color="primary" variant="outlined" label={offer.category} sx={{ mt: 0.5, display: 'none', [NARROW]: { display: 'inline-flex' } }} />
                    </TableCell>
                    <TableCell sx={{ [NARROW]: { display: 'none' } }}><Chip size="small" color="primary" variant="outlined" label={offer.category} /></TableCell>
                    <TableCell align="right">
                      <Button variant="contained" size="small" onClick={() => setOpenId(offer.id)} data-testid={`offer-details-${formatAffiliateId(offer.unique_id)}`}>{t('details')}</Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      )}
      {open && user.unique_id !== null && (
        <OfferDetailsDialog
          offer={open}
          uniqueId={user.unique_id}
          paymentType={user.payment_type}
          choice={choiceOf(open.id)}
          onChoice={updateChoice}
          ppt={ppt}
          onClose={() => setOpenId(null)}
        />
      )}
    </>
  );
}
